package io.github.rota.spi.pool;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * A thread that keeps a place for its envelope pool's {@link EnvelopeCache}: a pool can serve the
 * thread's acquires and releases from a small stack of the thread's own, with no atomic instruction,
 * and touch its shared shards only to refill or spill that stack in batches (a thread cache in front
 * of a shared heap). Rota's dispatcher threads are carriers; the pool finds a carrier's cache with a
 * type check, cheaper than a {@code ThreadLocal} lookup on every message. Other threads use the
 * shards directly.
 *
 * <p>Contract: only the carrier thread itself calls these methods (inside the pool's acquire and
 * release, or between its tasks), so the place is a plain field; the carrier
 * {@linkplain EnvelopeCache#flush flushes} its cache ({@link #flushEnvelopeCache}), on its own
 * thread, before the thread ends, and drops a retired pool's cache when it waits for work
 * ({@link #flushRetiredEnvelopeCache}).
 */
@ConsumerType
public interface EnvelopeCacheCarrier {

    /** {@return the cache a pool left on this thread, or {@code null}} */
    EnvelopeCache envelopeCache();

    /**
     * Leaves a pool's cache on this thread, replacing any other.
     *
     * @param cache the pool's cache for this thread
     */
    void envelopeCache(EnvelopeCache cache);

    /** What the carrier does as its thread ends: gives its cache's envelopes back to their pool, and drops the cache. */
    default void flushEnvelopeCache() {
        EnvelopeCache cache = envelopeCache();
        envelopeCache(null);
        if (cache != null) {
            cache.flush();
        }
    }

    /**
     * Flushes and drops the cache if its pool has been retired ({@link EnvelopeCache#isRetired}): a
     * carrier calls it now and then, where its thread waits for work, so that a retired pool does
     * not stay reachable from a thread no other pool uses.
     *
     * @since 2.5
     */
    default void flushRetiredEnvelopeCache() {
        EnvelopeCache cache = envelopeCache();
        if (cache != null && cache.isRetired()) {
            flushEnvelopeCache();
        }
    }
}
