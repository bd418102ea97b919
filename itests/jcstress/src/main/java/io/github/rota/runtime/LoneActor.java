package io.github.rota.runtime;

import io.github.rota.api.ActorRef;
import io.github.rota.mailbox.UnboundedMailboxType;
import io.github.rota.spi.dispatch.LingeringSchedulable;
import io.github.rota.spi.dispatch.Turn;
import io.github.rota.spi.mailbox.IdleMarkingMailbox;
import io.github.rota.spi.mailbox.Mailbox;
import io.github.rota.spi.mailbox.MailboxType;
import io.github.rota.spi.pool.EnvelopePool;

/**
 * The real turn loop of an actor with no system around it, for the tests of its protocols: it has an
 * unbounded mailbox (or one of a type the test names), takes user messages always, and only counts what it is handed (system messages
 * and user messages). Nothing here schedules it; a test plays its producers and its worker.
 */
final class LoneActor implements Cell {

    /**
     * What {@link #runIdlingTurn} returns when the turn yielded instead of ending: it found a message
     * whose producer had swapped it in but not linked it yet, waited a little, and gave way, SCHEDULED,
     * to run again (a slow producer: jcstress runs some actors interpreted).
     */
    static final int YIELDED = -1;

    private final TurnLoop turns;
    private int systemMessagesHandled;

    private LoneActor() {
        this(new UnboundedMailboxType());
    }

    private LoneActor(MailboxType mailboxType) {
        turns = new TurnLoop(null, this, null, mailboxType.create(EnvelopePool.allocating()), EnvelopePool.allocating(), 0, false);
    }

    /** {@return an actor whose turn has just ended lingering: a worker keeps it, still PROCESSING} */
    static LoneActor lingering() {
        LoneActor actor = new LoneActor();
        actor.turns.trySchedule();
        if (actor.turns.runTurn(new LingeringTurn()) || !actor.isLingering()) {
            throw new IllegalStateException("the turn did not end lingering");
        }
        return actor;
    }

    /** {@return an actor scheduled (a worker is about to run its turn) with an empty mailbox} */
    static LoneActor scheduled() {
        return scheduled(new UnboundedMailboxType());
    }

    /** {@return the same with a mailbox of the given type} */
    static LoneActor scheduled(MailboxType mailboxType) {
        LoneActor actor = new LoneActor(mailboxType);
        actor.turns.trySchedule();
        return actor;
    }

    /**
     * Runs one turn on a worker that does not keep actors: it goes idle when it finds nothing.
     *
     * @return the messages handled in it, system and user; or {@link #YIELDED}
     */
    int runIdlingTurn() {
        IdlingTurn turn = new IdlingTurn();
        int before = systemMessagesHandled;
        if (turns.runTurn(turn)) {
            return YIELDED;
        }
        return turn.handled + systemMessagesHandled - before;
    }

    /**
     * What a producer of a system message does: push it, then claim the actor if it is idle
     * (TurnLoop.sendSystem without the dispatcher).
     *
     * @return whether this producer claimed the actor
     */
    boolean sendSystemMessage() {
        if (!turns.pushSystemMessage(SystemMessage.resume())) {
            throw new IllegalStateException("the system queue is closed");
        }
        return turns.wakeForSystemMessage();
    }

    /**
     * What a producer does: offer, then claim the actor if it was idle (TurnLoop.tell without its
     * dead-letter paths and the dispatcher).
     *
     * @return whether this producer claimed the actor (it would hand it to the dispatcher)
     */
    boolean tell(Object message) {
        IdleMarkingMailbox.Offer offer = turns.deliver(message, null);
        if (offer == IdleMarkingMailbox.Offer.REFUSED) {
            throw new IllegalStateException("an unbounded mailbox refused a message");
        }
        return offer == IdleMarkingMailbox.Offer.WAKES;
    }

    boolean isLingering() {
        return turns.scheduleState() == ScheduleState.PROCESSING && !turns.isHeldByCurrentThread();
    }

    /** Its worker lets the lingering actor go. @return whether it is ready again */
    boolean releaseLingering() {
        return turns.releaseLingering();
    }

    int scheduleState() {
        return turns.scheduleState();
    }

    @Override
    public ActorRef<?> self() {
        return null;
    }

    @Override
    public int budget() {
        return 0;
    }

    @Override
    public Object messageInHand() {
        return null;
    }

    @Override
    public void process(SystemMessage message) {
        systemMessagesHandled++;
    }

    @Override
    public Cell.UserMessages userMessages() {
        return Cell.UserMessages.MAILBOX;
    }

    @Override
    public boolean isTerminated() {
        return false;
    }


    @Override
    public void invokeUnstashed() {
    }

    @Override
    public void invoke(Object msg, ActorRef<?> from) {
    }

    @Override
    public void putDownMessage() {
    }

    @Override
    public void beginStop() {
    }

    @Override
    public void systemMessageRefused(SystemMessage message) {
    }

    /** A worker's turn that lets the actor go idle when it runs out of work. */
    private static final class IdlingTurn implements Turn {
        int handled;

        @Override
        public int budget() {
            return 32;
        }

        @Override
        public void messagesHandled(int count) {
            handled = count;
        }

        @Override
        public boolean linger(LingeringSchedulable self) {
            return false;
        }
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
        public boolean linger(LingeringSchedulable self) {
            return true;
        }
    }
}
