package io.github.rota.spi.pool;

/**
 * Base of a queue that links envelopes through their own {@code next} field, so that it needs no
 * node per message (the default mailbox). The link operations are here, protected, rather than on
 * {@link Envelope}: only a queue that owns its envelopes' links can change them. So are those of
 * the envelope's sequence stamp, an int the queue may use to number its envelopes (the default
 * mailbox derives its depth from them). The names say the ordering (see the package comment).
 */
public abstract class LinkedEnvelopeQueue {

    /** For subclasses. */
    protected LinkedEnvelopeQueue() {
    }

    /**
     * Reads a link with acquire ordering.
     *
     * @param envelope an envelope of this queue
     * @return the envelope linked after it, or {@code null}
     */
    protected static Envelope lvNext(Envelope envelope) {
        return envelope.lvNext();
    }

    /**
     * Links {@code next} after {@code envelope} with release ordering: publishes {@code next}'s
     * fields to the thread that reads the link with {@link #lvNext}.
     *
     * @param envelope the last envelope of this queue
     * @param next the envelope to link after it
     */
    protected static void soNext(Envelope envelope, Envelope next) {
        envelope.soNext(next);
    }

    /**
     * Sets a link plainly, before {@code envelope} is published to another thread.
     *
     * @param envelope an envelope not yet visible to other threads
     * @param next the envelope to link after it, usually {@code null}
     */
    protected static void spNext(Envelope envelope, Envelope next) {
        envelope.spNext(next);
    }

    /**
     * Reads a sequence stamp with acquire ordering.
     *
     * @param envelope an envelope of this queue
     * @return its stamp, as this queue last set it
     */
    protected static int laStamp(Envelope envelope) {
        return envelope.laStamp();
    }

    /**
     * Reads a sequence stamp opaquely: a fresh value each time (a spin on it ends), no ordering of
     * other accesses.
     *
     * @param envelope an envelope of this queue
     * @return its stamp, as this queue last set it
     */
    protected static int loStamp(Envelope envelope) {
        return envelope.loStamp();
    }

    /**
     * Sets a sequence stamp with release ordering.
     *
     * @param envelope an envelope of this queue
     * @param stamp the stamp
     */
    protected static void soStamp(Envelope envelope, int stamp) {
        envelope.soStamp(stamp);
    }

    /**
     * Sets a sequence stamp plainly, before {@code envelope} is published to another thread.
     *
     * @param envelope an envelope not yet visible to other threads
     * @param stamp the stamp
     */
    protected static void spStamp(Envelope envelope, int stamp) {
        envelope.spStamp(stamp);
    }
}
