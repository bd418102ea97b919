package io.github.rota.runtime;

import io.github.rota.spi.pool.Envelope;
import io.github.rota.spi.pool.EnvelopePool;

/**
 * What the runtime uses when no envelope pool is installed or pooling is disabled: every envelope
 * is allocated and released ones are left to the garbage collector.
 */
final class AllocatingEnvelopePool implements EnvelopePool {

    static final AllocatingEnvelopePool INSTANCE = new AllocatingEnvelopePool();

    private AllocatingEnvelopePool() {
    }

    @Override
    public int assignHomeShard() {
        return 0;
    }

    @Override
    public Envelope acquire(int shard) {
        return new Envelope(shard);
    }

    @Override
    public void release(Envelope envelope) {
        // Dropped for the GC.
    }
}
