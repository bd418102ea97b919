package io.github.rota.spi.pool;

/**
 * Base of an {@link EnvelopePool} that reuses envelopes. Resetting an envelope for reuse (new
 * generation, no message, sender or link) is here, protected, rather than on {@link Envelope}: only
 * a pool, which owns the envelopes returned to it, may do it.
 */
public abstract class RecyclingEnvelopePool implements EnvelopePool {

    /** For subclasses. */
    protected RecyclingEnvelopePool() {
    }

    /**
     * Empties an envelope released to this pool for its next use and starts a new generation, so a
     * holder that kept it by mistake can tell it was recycled.
     *
     * @param envelope an envelope no mailbox links to any more
     * @param markRecycled whether to mark it as back in the pool until it is filled again (debug
     *                     mode: {@link Envelope#isRecycled()})
     */
    protected static void resetForReuse(Envelope envelope, boolean markRecycled) {
        envelope.reset();
        if (markRecycled) {
            envelope.markRecycled();
        }
    }
}
