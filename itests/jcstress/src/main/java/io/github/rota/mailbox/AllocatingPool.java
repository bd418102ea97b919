package io.github.rota.mailbox;

import io.github.rota.spi.pool.Envelope;
import io.github.rota.spi.pool.EnvelopePool;

/** The pool of these tests: every envelope is new, and a released one is left to the GC. */
final class AllocatingPool implements EnvelopePool {

    static final AllocatingPool INSTANCE = new AllocatingPool();

    private AllocatingPool() {
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
        // Dropped: a test that reused envelopes would test the pool, not the mailbox.
    }
}
