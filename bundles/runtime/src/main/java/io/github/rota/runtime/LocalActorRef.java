package io.github.rota.runtime;

import io.github.rota.api.ActorRef;
import java.time.Duration;
import java.util.concurrent.CompletionStage;

/**
 * The reference to an actor of this JVM: one per incarnation (each spawn makes a new cell with a
 * fresh uid), so two references are equal when they are the same cell's. The path is computed when
 * asked for, from the parent's, rather than kept: a million idle actors would otherwise hold a
 * million copies of their parents' paths. The uid is an int (it wraps after four billion spawns,
 * which costs nothing: equality is the cell's identity, the uid only spreads hash codes and tells
 * incarnations apart in {@link #toString}), so a reference is 24 bytes, not 32.
 */
final class LocalActorRef<M> implements ActorRef<M> {

    final ActorCell<M> cell;
    private final String name;
    private final int uid;

    LocalActorRef(ActorCell<M> cell, String name, int uid) {
        this.cell = cell;
        this.name = name;
        this.uid = uid;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String path() {
        return cell.parent == null ? "rota://" + cell.system.name() + "/" + name : cell.parent.self.path() + "/" + name;
    }

    @Override
    public void tell(M message) {
        cell.tell(message, null);
    }

    @Override
    public void tell(M message, ActorRef<?> sender) {
        cell.tell(message, sender);
    }

    @Override
    public <R> CompletionStage<R> ask(M message, Duration timeout) {
        return cell.system.ask(this, message, timeout);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof LocalActorRef && ((LocalActorRef<?>) other).cell == cell;
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
