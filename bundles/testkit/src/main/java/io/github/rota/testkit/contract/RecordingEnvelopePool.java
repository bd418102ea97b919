package io.github.rota.testkit.contract;

import io.github.rota.spi.pool.Envelope;
import io.github.rota.spi.pool.RecyclingEnvelopePool;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * An envelope pool for tests of a mailbox: every envelope is new, and each released one is reset
 * (as a real pool would) and recorded, so a test can check when the mailbox lets go of it.
 */
public final class RecordingEnvelopePool extends RecyclingEnvelopePool {

    private final ConcurrentLinkedQueue<Envelope> released = new ConcurrentLinkedQueue<>();

    /** An empty record. */
    public RecordingEnvelopePool() {
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
        resetForReuse(envelope, false);
        released.add(envelope);
    }

    /** {@return the envelopes released so far, oldest first} */
    public List<Envelope> released() {
        return List.copyOf(released);
    }
}
