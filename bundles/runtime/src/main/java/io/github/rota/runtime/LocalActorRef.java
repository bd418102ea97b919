package io.github.rota.runtime;

import io.github.rota.api.ActorRef;
import java.time.Duration;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * The reference to an actor of this JVM: one per incarnation (each spawn makes a new cell with a
 * fresh uid), so two references are equal when they are the same cell's. The path is computed when
 * asked for, from the parent's, rather than kept: a million idle actors would otherwise hold a
 * million copies of their parents' paths. The uid is an int (it wraps after four billion spawns,
 * which costs nothing: equality is the cell's identity, the uid only spreads hash codes and tells
 * incarnations apart in {@link #toString}), so a reference is 24 bytes, not 32.
 */
final class LocalActorRef<M> implements ActorRef<M> {

    /** The actor's turn loop: a send goes straight to its mailboxes, and the cell is one step on. */
    private final TurnLoop turns;
    private final String name;
    private final int uid;

    LocalActorRef(TurnLoop turns, String name, int uid) {
        this.turns = turns;
        this.name = name;
        this.uid = uid;
    }

    /** {@return the actor this refers to} */
    @SuppressWarnings("unchecked") // only an ActorCell<M> makes a reference to itself
    ActorCell<M> cell() {
        return (ActorCell<M>) turns.cell;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String path() {
        ActorCell<M> cell = cell();
        return ActorNames.path(cell.parent == null ? null : cell.parent.self, cell.system.name(), name);
    }

    @Override
    public void tell(M message) {
        turns.tell(message, null);
    }

    @Override
    public void tell(M message, ActorRef<?> sender) {
        turns.tell(message, sender);
    }

    @Override
    public <R> CompletionStage<R> ask(M message, Duration timeout) {
        return cell().system.ask(this, message, timeout);
    }

    @Override
    public <R> CompletionStage<R> askFor(Function<? super ActorRef<R>, ? extends M> request, Duration timeout) {
        return cell().system.askFor(this, request, timeout);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof LocalActorRef && ((LocalActorRef<?>) other).turns == turns;
    }

    @Override
    public int hashCode() {
        return uid;
    }

    @Override
    public String toString() {
        return "Actor[" + path() + "#" + uid + "]";
    }
}
