package io.github.rota.mailbox;

import io.github.rota.spi.pool.Envelope;
import io.github.rota.spi.pool.RecyclingEnvelopePool;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/** An allocating pool that records what is released to it. */
final class RecordingPool extends RecyclingEnvelopePool {

    final Queue<Envelope> released = new ConcurrentLinkedQueue<>();

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
}
