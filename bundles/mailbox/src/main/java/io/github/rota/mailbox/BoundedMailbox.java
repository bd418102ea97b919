package io.github.rota.mailbox;

import io.github.rota.spi.mailbox.Mailbox;
import io.github.rota.spi.pool.Envelope;
import io.github.rota.spi.pool.EnvelopePool;
import org.jctools.queues.MpscArrayQueue;

/**
 * Bounded, non-blocking mailbox: FIFO, at most its capacity (rounded up to a power of two); when
 * full, {@link #enqueue} refuses at once and the runtime turns the message into a dead letter
 * ({@code MAILBOX_FULL}, counted). Neither a sender nor a worker ever waits on it.
 *
 * <p>Why JCTools {@link MpscArrayQueue}: a preallocated array with CAS on the producer index is
 * the counterpart of GoAkt's non-blocking bounded mailbox; its {@code offer} fails when full, its
 * {@code isEmpty()} counts a claimed-but-unpublished slot as non-empty (so the turn retries instead
 * of going idle) and {@code relaxedPoll()} returns {@code null} for such a slot instead of spinning.
 * It carries about 0.5 KB of padding per instance: right for bounded mailboxes, wrong as the
 * default for a million actors.
 *
 * <p>Recycling ({@link io.github.rota.spi.mailbox.RecyclePolicy#PREVIOUS}): the envelope handed out
 * by a dequeue is released to the pool by the next dequeue, so it stays valid during its turn.
 */
final class BoundedMailbox implements Mailbox {

    private final MpscArrayQueue<Envelope> queue;
    private final RecycleOneLater recycling;

    BoundedMailbox(EnvelopePool pool, int capacity) {
        this.recycling = new RecycleOneLater(pool);
        this.queue = new MpscArrayQueue<>(capacity);
    }

    @Override
    public boolean enqueue(Envelope envelope) {
        return queue.offer(envelope);
    }

    @Override
    public Envelope dequeue() {
        recycling.releasePrevious();
        return recycling.handOut(queue.relaxedPoll());
    }

    @Override
    public boolean hasMessages() {
        return !queue.isEmpty();
    }

    @Override
    public int size() {
        return queue.size();
    }
}
