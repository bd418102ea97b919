package io.github.rota.spi.mailbox;

import io.github.rota.spi.pool.Envelope;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * A mailbox that keeps an idle mark (Pony's message queue): it records that its actor has gone idle
 * in the same word its producers swap, so that the producer who wakes the actor learns it from its
 * own offer and needs no compare-and-set on the actor's schedule state. Optional: the runtime uses
 * the mark only where the mailbox implements this interface, and schedules any other mailbox's
 * actor through its own state word.
 *
 * <p>Protocol: the consumer calls {@link #tryMarkIdle()} when it has found the mailbox empty and is
 * letting the actor go; it succeeds only if the mailbox is still empty, atomically. From then on
 * exactly one {@link #offer} reports {@link Offer#WAKES} (the first to arrive, from any thread) and
 * clears the mark; its caller must schedule the actor. While the mark stands the mailbox is empty
 * ({@link #hasMessages()} is false, {@link #size()} is 0). The runtime sends to such a mailbox only
 * through {@code offer}: a plain {@link #enqueue} clears the mark without telling anyone, so it may
 * be used only while the consumer holds the actor (no mark can stand).
 */
@ConsumerType
public interface IdleMarkingMailbox extends Mailbox {

    /**
     * Offers a message and tells the caller whether it found the mailbox marked idle; called by any
     * sender's thread.
     *
     * @param envelope the message, owned by the mailbox from now on if accepted
     * @return {@link Offer#REFUSED} if a bounded mailbox is full (the caller keeps the envelope),
     *         {@link Offer#WAKES} if this offer cleared the idle mark (the caller schedules the actor),
     *         {@link Offer#QUEUED} otherwise
     */
    Offer offer(Envelope envelope);

    /**
     * Consumer only, after {@link #dequeue()} found nothing and {@link #hasMessages()} is false:
     * marks the mailbox idle if it is still empty, in one atomic step. The consumer gives the actor
     * up with it: whoever's {@link #offer} reports {@link Offer#WAKES} schedules it again.
     *
     * @return {@code false} if a message arrived meanwhile (the consumer goes on)
     */
    boolean tryMarkIdle();

    /**
     * {@return whether the idle mark stands now: the actor went idle and no offer has woken it
     * since} Any thread; a fresh (volatile) read, so a caller that queued something elsewhere for the
     * actor (a system message) and then reads {@code false} knows that either a mark to come will be
     * followed by the consumer's look there, or a mark that stood has been cleared, and its clearer
     * schedules a turn that will look there.
     */
    boolean isMarkedIdle();

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
