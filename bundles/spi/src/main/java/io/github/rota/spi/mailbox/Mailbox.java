package io.github.rota.spi.mailbox;

import io.github.rota.spi.pool.Envelope;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * The queue of user messages of one actor: many producers, one consumer (the actor's turn).
 *
 * <p>Contract the runtime relies on:
 * <ul>
 *   <li>{@link #enqueue} never blocks and is safe from any thread;</li>
 *   <li>{@link #hasMessages()} is {@code true} as soon as a successful {@code enqueue} has returned,
 *       even if {@link #dequeue()} cannot hand the message out yet (a producer is mid-publish): the
 *       consumer then retries instead of going idle;</li>
 *   <li>{@link #dequeue()} and {@link #hasMessages()} are called by one consumer at a time;</li>
 *   <li>{@link #size()} is O(1) while no producer is mid-publish: operators read it for every actor;</li>
 *   <li>an envelope handed out by {@code dequeue} stays valid until the next {@code dequeue};
 *       the mailbox, not the runtime, returns envelopes to the pool, as its
 *       {@link MailboxType#recyclePolicy()} states.</li>
 * </ul>
 *
 * <p>Four methods are the whole contract. A mailbox may also keep an idle mark, so that waking its
 * actor costs no second atomic instruction: it then implements {@link IdleMarkingMailbox}.
 */
@ConsumerType
public interface Mailbox {

    /**
     * Offers a message; called by any sender's thread.
     *
     * @param envelope the message, owned by the mailbox from now on if accepted
     * @return {@code false} if a bounded mailbox is full; the caller keeps the envelope and
     *         turns it into a dead letter
     */
    boolean enqueue(Envelope envelope);

    /** {@return the oldest available message, or {@code null} if none can be handed out now} */
    Envelope dequeue();

    /** {@return whether an accepted message has not been dequeued yet} */
    boolean hasMessages();

    /**
     * {@return the number of messages accepted and not yet dequeued} Under concurrency it may count a
     * send still in progress, but never fewer than the sends that had returned when it was called,
     * less the messages dequeued since: it feeds backlog checks and metrics.
     */
    int size();

}
