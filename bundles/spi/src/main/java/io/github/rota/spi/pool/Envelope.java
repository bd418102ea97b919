package io.github.rota.spi.pool;

import io.github.rota.api.ActorRef;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A message in transit: the message, its sender, and an intrusive {@code next} link so that a
 * linked mailbox needs no node of its own. Envelopes are recycled by an {@link EnvelopePool}.
 *
 * <p>Ownership: an envelope is in exactly one place at a time: the pool, one mailbox, or in hand
 * on one thread. Code never keeps a reference to an envelope after handing it on. The operations
 * that belong to one owner are reachable only from that owner's type: the link only from a
 * {@link LinkedEnvelopeQueue} (a mailbox that links envelopes), the reset for reuse only from a
 * {@link RecyclingEnvelopePool}. Everyone else sees {@link #fill}, the reads, and
 * {@link #clearMessage}.
 *
 * <p>Memory ordering: {@code message} and {@code sender} are plain fields; they are published by
 * the release store of {@code next} (or the queue operation) that hands the envelope over.
 * {@code next} and {@code stamp} (a linked queue's sequence stamp, see
 * {@link LinkedEnvelopeQueue#laStamp}) are accessed through VarHandles with the ordering named by
 * each accessor (see the package comment).
 */
public final class Envelope {

    private static final VarHandle NEXT;
    private static final VarHandle STAMP;
    private static final int RECYCLED = 1;
    private static final int GENERATION_STEP = 2;
    private static final int GENERATION_BITS = 0xFFFE;
    private static final int HOME_SHARD_SHIFT = 16;
    /** The largest home shard an envelope can carry: the top half of {@code state}. */
    public static final int MAX_HOME_SHARD = 0xFFFF;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            NEXT = lookup.findVarHandle(Envelope.class, "next", Envelope.class);
            STAMP = lookup.findVarHandle(Envelope.class, "stamp", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private Object message;
    private ActorRef<?> sender;
    /**
     * The home shard in the top 16 bits, the generation (times reset, modulo 2^15) in bits 1 to 15
     * and the recycled mark (debug mode) in bit 0: one int instead of two ints and a boolean keeps
     * an envelope at 32 bytes (with compressed references) with room for the stamp.
     */
    private int state;
    @SuppressWarnings("unused") // accessed through STAMP
    private int stamp;
    @SuppressWarnings("unused") // accessed through NEXT
    private volatile Envelope next;

    /**
     * Creates an empty envelope.
     *
     * @param homeShard the pool shard that made this envelope and to which it always returns;
     *                  never changes
     * @throws IllegalArgumentException if {@code homeShard} is not between 0 and
     *         {@link #MAX_HOME_SHARD}
     */
    public Envelope(int homeShard) {
        if (homeShard < 0 || homeShard > MAX_HOME_SHARD) {
            throw new IllegalArgumentException("home shard " + homeShard + " is not between 0 and " + MAX_HOME_SHARD);
        }
        this.state = homeShard << HOME_SHARD_SHIFT;
    }

    /**
     * Fills the envelope for a new message.
     *
     * @param message the message
     * @param sender the sender, or {@code null}
     * @return this envelope
     */
    public Envelope fill(Object message, ActorRef<?> sender) {
        this.message = message;
        this.sender = sender;
        this.state &= ~RECYCLED;
        return this;
    }

    /**
     * Drops the message and the sender once their turn is done with them, keeping the link and the
     * generation: the envelope may stay in its mailbox as a sentinel (the unbounded mailbox keeps
     * the last one it handed out) or wait a dequeue before it is recycled, and an idle actor's
     * mailbox must not keep its last message and sender reachable meanwhile.
     */
    public void clearMessage() {
        message = null;
        sender = null;
    }

    /** Pool only ({@link RecyclingEnvelopePool}): clears message, sender and link, and starts a new generation. */
    void reset() {
        message = null;
        sender = null;
        state = (state & ~GENERATION_BITS) | ((state + GENERATION_STEP) & GENERATION_BITS);
        spNext(null);
    }

    /**
     * Tells how often this envelope has been recycled.
     *
     * @return how many times this envelope has been reset, modulo 2^15: a holder that saw one
     *         generation and later sees another knows the envelope was recycled under it
     */
    public int generation() {
        return (state & GENERATION_BITS) >>> 1;
    }

    /** Pool only: marks the envelope as back in the pool, until it is filled again (debug mode). */
    void markRecycled() {
        state |= RECYCLED;
    }

    /** {@return whether a debugging pool has taken this envelope back and nobody has filled it since} */
    public boolean isRecycled() {
        return (state & RECYCLED) != 0;
    }

    /** {@return the message} */
    public Object message() {
        return message;
    }

    /** {@return the sender, or {@code null}} */
    public ActorRef<?> sender() {
        return sender;
    }

    /** {@return the shard this envelope returns to} */
    public int homeShard() {
        return state >>> HOME_SHARD_SHIFT;
    }

    /** Linked queue only ({@link LinkedEnvelopeQueue}): the next envelope, with acquire (volatile) ordering. */
    Envelope lvNext() {
        return (Envelope) NEXT.getVolatile(this);
    }

    /** Linked queue only: links the next envelope with release ordering, which publishes this one's fields. */
    void soNext(Envelope next) {
        NEXT.setRelease(this, next);
    }

    /** Linked queue only: links the next envelope plainly, before this envelope is published. */
    void spNext(Envelope next) {
        NEXT.set(this, next);
    }

    /** Linked queue only: the sequence stamp, with acquire ordering. */
    int laStamp() {
        return (int) STAMP.getAcquire(this);
    }

    /** Linked queue only: the sequence stamp, opaque (a fresh value, no ordering of other accesses). */
    int loStamp() {
        return (int) STAMP.getOpaque(this);
    }

    /** Linked queue only: sets the sequence stamp with release ordering. */
    void soStamp(int stamp) {
        STAMP.setRelease(this, stamp);
    }

    /** Linked queue only: sets the sequence stamp plainly, before this envelope is published. */
    void spStamp(int stamp) {
        STAMP.set(this, stamp);
    }

    @Override
    public String toString() {
        return "Envelope[" + message + " from " + sender + "]";
    }
}
