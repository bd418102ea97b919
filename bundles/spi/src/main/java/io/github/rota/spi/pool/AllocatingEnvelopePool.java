package io.github.rota.spi.pool;

/** {@link EnvelopePool#allocating()}: every envelope is allocated, and released ones are left to the garbage collector. */
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
