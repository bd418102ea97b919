package io.github.rota.spi.mailbox;

/**
 * When a mailbox type returns envelopes to the {@link io.github.rota.spi.pool.EnvelopePool}. In every
 * case the envelope handed out by a dequeue stays valid until the next dequeue, so the runtime
 * never releases a dequeued envelope itself.
 */
public enum RecyclePolicy {
    /**
     * A linked mailbox whose last dequeued envelope becomes the sentinel node; the previous sentinel
     * is released during the next dequeue.
     */
    SENTINEL,
    /** The mailbox remembers the last dequeued envelope and releases it during the next dequeue. */
    PREVIOUS,
    /** Envelopes are never returned; they become garbage after the turn. */
    NEVER
}
