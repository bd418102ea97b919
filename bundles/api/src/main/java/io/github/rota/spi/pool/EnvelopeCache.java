package io.github.rota.spi.pool;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A pool's spare envelopes kept on one thread (an {@link EnvelopeCacheCarrier}), in front of its shared
 * shards. Only the pool fills and empties it; the carrier's owner ends it.
 */
@ProviderType
public interface EnvelopeCache {

    /**
     * Gives every envelope kept here back to the pool's shards (those that do not fit are dropped for
     * the GC, as the pool counts) and ends the cache: called by its carrier thread, once, as it stops
     * carrying it (it ends), so that no envelope is lost with it.
     */
    void flush();
}
