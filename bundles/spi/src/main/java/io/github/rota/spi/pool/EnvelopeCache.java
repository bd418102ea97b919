package io.github.rota.spi.pool;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A pool's spare envelopes kept on one thread (an {@link EnvelopeCacheCarrier}), in front of its shared
 * shards. Only the pool fills and empties it; the carrier's owner ends it, as the thread ends or once
 * the pool is retired.
 */
@ProviderType
public interface EnvelopeCache {

    /**
     * Gives every envelope kept here back to the pool's shards (those that do not fit are dropped for
     * the GC, as the pool counts) and ends the cache: called by its carrier thread, once, as it stops
     * carrying it (it ends), so that no envelope is lost with it.
     */
    void flush();

    /**
     * {@return whether its pool has been retired (replaced, or disabled)} A carrier then flushes the
     * cache and drops it ({@link EnvelopeCacheCarrier#flushRetiredEnvelopeCache}), and another pool
     * may take the thread: otherwise the cache would keep its pool reachable, with every spare
     * envelope, for as long as the thread lives. The default: never.
     *
     * @since 2.5
     */
    default boolean isRetired() {
        return false;
    }
}
