package io.github.rota.runtime;

import io.github.rota.api.ActorRef;
import io.github.rota.mailbox.UnboundedMailboxType;
import io.github.rota.spi.dispatch.Turn;
import io.github.rota.spi.pool.EnvelopePool;

/**
 * The real turn loop of an actor with no system around it, for the tests of its protocols: it has an
 * unbounded mailbox, no system messages, takes user messages always, and ignores what it is handed.
 * Nothing here schedules it; a test plays its producers and its worker.
 */
@SuppressWarnings("serial") // a ForkJoinTask by inheritance, never serialized
final class LoneActor extends TurnLoop {

    private LoneActor() {
        super(null, null, new UnboundedMailboxType().create(EnvelopePool.allocating()), EnvelopePool.allocating(), 0, 0, false);
    }

    /** {@return an actor whose turn has just ended lingering: a worker keeps it, still PROCESSING} */
    static LoneActor lingering() {
        LoneActor actor = new LoneActor();
        actor.trySchedule();
        if (actor.runTurn(new LingeringTurn()) || !actor.isLingering()) {
            throw new IllegalStateException("the turn did not end lingering");
        }
        return actor;
    }

    /** What a producer does: enqueue, then try to schedule (TurnLoop.tell without its dead-letter paths). */
    boolean tell(Object message) {
        if (!enqueue(message, null)) {
            throw new IllegalStateException("an unbounded mailbox refused a message");
        }
        return trySchedule();
    }

    boolean isLingering() {
        return scheduleState() == PROCESSING && !isHeldByCurrentThread();
    }

    @Override
    ActorRef<?> self() {
        return null;
    }

    @Override
    boolean processSystemMessage() {
        return false;
    }

    @Override
    boolean userMessagesEnabled() {
        return true;
    }

    @Override
    boolean isTerminated() {
        return false;
    }

    @Override
    boolean hasUnstashed() {
        return false;
    }

    @Override
    void invokeUnstashed() {
    }

    @Override
    void invoke(Object msg, ActorRef<?> from) {
    }

    @Override
    void beginStop() {
    }

    @Override
    void systemMessageRefused(SystemMessage message) {
    }

    /** A worker's turn that keeps the actor when it runs out of work. */
    private static final class LingeringTurn implements Turn {
        @Override
        public int budget() {
            return 32;
        }

        @Override
        public void messagesHandled(int count) {
        }

        @Override
        public boolean linger() {
            return true;
        }
    }
}
