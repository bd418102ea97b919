package io.github.rota.runtime;

import io.github.rota.api.ActorRef;

/**
 * A message of the actor machinery, travelling through an actor's system queue ({@link Mailboxes}) ahead of
 * user messages. One class with a {@link Kind} rather than a class per kind: the queue links them
 * through {@link #next}, and each is used once.
 */
final class SystemMessage {

    enum Kind {
        /** First message of every actor: create the instance, run {@code preStart}. */
        CREATE,
        /** Stop: children first, then {@code postStop}. */
        TERMINATE,
        /**
         * A {@link io.github.rota.api.PoisonPill} from {@link #sender}: stops the actor like
         * TERMINATE, and becomes a dead letter if the actor is already stopping or has stopped.
         */
        POISON_PILL,
        /** {@link #cell} starts watching the recipient. */
        WATCH,
        /** {@link #cell} stops watching the recipient. */
        UNWATCH,
        /** The watched actor {@link #cell} has stopped. */
        DEATH_WATCH_NOTIFICATION,
        /** The child {@link #cell} failed with {@link #cause}; the recipient is its supervisor. */
        FAILED,
        /** Supervisor's directive: continue with the same instance. */
        RESUME,
        /** Supervisor's directive: restart after failing with {@link #cause}. */
        RECREATE,
        /** The child {@link #cell} has stopped. */
        CHILD_TERMINATED
    }

    final Kind kind;
    final ActorCell<?> cell;
    final Throwable cause;
    /** Who sent a POISON_PILL, for its dead letter; {@code null} otherwise. */
    final ActorRef<?> sender;
    /** Link in an actor's system queue; written before the message is published by the queue's CAS. */
    SystemMessage next;

    private SystemMessage(Kind kind, ActorCell<?> cell, Throwable cause) {
        this(kind, cell, cause, null);
    }

    private SystemMessage(Kind kind, ActorCell<?> cell, Throwable cause, ActorRef<?> sender) {
        this.kind = kind;
        this.cell = cell;
        this.cause = cause;
        this.sender = sender;
    }

    static SystemMessage create() {
        return new SystemMessage(Kind.CREATE, null, null);
    }

    static SystemMessage terminate() {
        return new SystemMessage(Kind.TERMINATE, null, null);
    }

    static SystemMessage poisonPill(ActorRef<?> sender) {
        return new SystemMessage(Kind.POISON_PILL, null, null, sender);
    }

    static SystemMessage watch(ActorCell<?> watcher) {
        return new SystemMessage(Kind.WATCH, watcher, null);
    }

    static SystemMessage unwatch(ActorCell<?> watcher) {
        return new SystemMessage(Kind.UNWATCH, watcher, null);
    }

    static SystemMessage deathWatchNotification(ActorCell<?> stopped) {
        return new SystemMessage(Kind.DEATH_WATCH_NOTIFICATION, stopped, null);
    }

    static SystemMessage failed(ActorCell<?> child, Throwable cause) {
        return new SystemMessage(Kind.FAILED, child, cause);
    }

    static SystemMessage resume() {
        return new SystemMessage(Kind.RESUME, null, null);
    }

    static SystemMessage recreate(Throwable cause) {
        return new SystemMessage(Kind.RECREATE, null, cause);
    }

    static SystemMessage childTerminated(ActorCell<?> child) {
        return new SystemMessage(Kind.CHILD_TERMINATED, child, null);
    }

    @Override
    public String toString() {
        return kind + (cell == null ? "" : "(" + cell.self.path() + ")");
    }
}
