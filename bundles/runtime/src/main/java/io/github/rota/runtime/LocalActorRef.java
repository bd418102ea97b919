package io.github.rota.runtime;

import io.github.rota.api.ActorRef;
import java.time.Duration;
import java.util.concurrent.CompletionStage;

/**
 * The reference to an actor of this JVM. Equal to another reference when both name the same
 * incarnation: same path and same uid (a fresh uid per spawn).
 */
final class LocalActorRef<M> implements ActorRef<M> {

    final ActorCell<M> cell;
    private final String name;
    private final String path;
    private final long uid;

    LocalActorRef(ActorCell<M> cell, String name, String path, long uid) {
        this.cell = cell;
        this.name = name;
        this.path = path;
        this.uid = uid;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String path() {
        return path;
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
        return other instanceof LocalActorRef && ((LocalActorRef<?>) other).uid == uid
                && ((LocalActorRef<?>) other).path.equals(path);
    }

    @Override
    public int hashCode() {
        return 31 * path.hashCode() + Long.hashCode(uid);
    }

    @Override
    public String toString() {
        return "Actor[" + path + "#" + uid + "]";
    }
}
