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
 * <p>The idle mark (optional, Pony's message queue): a mailbox that {@link #marksIdle()} can also
 * record that its actor has gone idle, in the same word its producers swap, so that the producer who
 * wakes the actor learns it from its own enqueue and needs no compare-and-set on the actor's
 * schedule state. The consumer calls {@link #tryMarkIdle()} when it has found the mailbox empty and
 * is letting the actor go; it succeeds only if the mailbox is still empty, atomically. From then on
 * exactly one {@link #offer} reports {@link Offer#WAKES} (the first to arrive, from any thread) and
 * clears the mark; its caller must schedule the actor. While the mark stands the mailbox is empty
 * ({@code hasMessages()} is false, {@code size()} is 0). A runtime using the mark sends through
 * {@code offer}: a plain {@code enqueue} would clear it without telling anyone. A mailbox that says
 * it {@link #marksIdle()} overrides all four of these methods: the default {@code offer} never
 * reports a wake-up, so its actor would never run again.
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

    /**
     * Offers a message and tells the caller whether it found the mailbox marked idle; called by any
     * sender's thread. The default is {@link #enqueue} for a mailbox that does not mark.
     *
     * @param envelope the message, owned by the mailbox from now on if accepted
     * @return {@link Offer#REFUSED} if a bounded mailbox is full (the caller keeps the envelope),
     *         {@link Offer#WAKES} if this offer cleared the idle mark (the caller schedules the actor),
     *         {@link Offer#QUEUED} otherwise
     */
    default Offer offer(Envelope envelope) {
        return enqueue(envelope) ? Offer.QUEUED : Offer.REFUSED;
    }

    /** {@return whether this mailbox keeps an idle mark ({@link #tryMarkIdle()}); {@code false} by default} */
    default boolean marksIdle() {
        return false;
    }

    /**
     * Consumer only, after {@link #dequeue()} found nothing and {@link #hasMessages()} is false:
     * marks the mailbox idle if it is still empty, in one atomic step. The consumer gives the actor
     * up with it: whoever's {@link #offer} reports {@link Offer#WAKES} schedules it again.
     *
     * @return {@code false} if a message arrived meanwhile (the consumer goes on), or the mailbox
     *         does not mark
     */
    default boolean tryMarkIdle() {
        return false;
    }

    /**
     * {@return whether the idle mark stands now: the actor went idle and no offer has woken it
     * since} Any thread; a fresh (volatile) read, so a caller that queued something elsewhere for the
     * actor (a system message) and then reads {@code false} knows that either a mark to come will be
     * followed by the consumer's look there, or a mark that stood has been cleared, and its clearer
     * schedules a turn that will look there.
     */
    default boolean isMarkedIdle() {
        return false;
    }

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

    /** What an {@link #offer} did. */
    enum Offer {
        /** A bounded mailbox is full: the message was not queued, the caller keeps the envelope. */
        REFUSED,
        /** Queued behind the others, or into a mailbox whose actor is not marked idle. */
        QUEUED,
        /** Queued, and this offer cleared the idle mark: the caller must schedule the actor. */
        WAKES
    }
}
