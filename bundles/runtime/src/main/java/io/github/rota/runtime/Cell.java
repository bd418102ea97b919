package io.github.rota.runtime;

import io.github.rota.api.ActorRef;

/**
 * The actor a turn loop runs, as the loop sees it. Its methods are called on the turn's
 * thread, but for {@link #self}, {@link #systemMessageRefused} (a producer's, once the actor
 * has closed) and {@link #messageInHand} (a probe's racy read).
 */
interface Cell {

    /** Where an actor's next user message comes from ({@link #userMessages}). */
    enum UserMessages {
        /** None: the actor is suspended, restarting or stopping. */
        WITHHELD,
        /** Messages taken back from the stash, ahead of the mailbox. */
        UNSTASHED,
        /** The mailbox. */
        MAILBOX
    }

    /** {@return the actor's reference, for reports and dead letters} */
    ActorRef<?> self();

    /** {@return the actor's own budget per turn, which caps its dispatcher's; 0: the dispatcher's} */
    int budget();

    /** Handles one system message. */
    void process(SystemMessage message);

    /**
     * Where the actor's next user message comes from now: none while it is suspended, restarting
     * or stopping; the messages taken back from its stash ahead of the mailbox; or the mailbox.
     * Read by the turn, and once more right after the turn lets the actor go idle, when it may be
     * stale: a wrong answer there costs a failed {@code trySchedule} or an empty turn, never a
     * message, since a producer that enqueued after the release schedules the actor itself.
     */
    UserMessages userMessages();

    /** Whether the actor has stopped. */
    boolean isTerminated();

    /** Handles the oldest message taken back from the stash. */
    void invokeUnstashed();

    /**
     * Hands one user message to the actor. The message and its sender stay in hand after the call
     * (a lingering actor's next message is often the same one from the same sender, and storing
     * them again would cost a barrier each) until {@link #putDownMessage}.
     */
    void invoke(Object msg, ActorRef<?> from);

    /**
     * The turn lets the actor go (idle, yielded, released from lingering, or stopped), or hands it a
     * system message: it lets go of its last message and sender, so that an idle actor keeps neither
     * reachable and a lifecycle hook has none in hand. A lingering actor keeps them until then: at
     * most two actors per worker, for as long as their worker keeps them.
     */
    void putDownMessage();

    /** The actor begins to stop (here: its dispatcher refused it); called again, it does nothing. */
    void beginStop();

    /** A system message arrived after the actor closed. */
    void systemMessageRefused(SystemMessage message);

    /** {@return the message the actor handles now, for a probe's report only; may be stale} */
    Object messageInHand();
}
