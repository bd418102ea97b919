package io.github.rota.mailbox;

import io.github.rota.spi.mailbox.Mailbox;
import io.github.rota.spi.pool.Envelope;
import io.github.rota.spi.pool.EnvelopePool;
import org.jctools.queues.MessagePassingQueue;

/**
 * A mailbox over a JCTools multi-producer single-consumer array queue: {@code bounded} over an
 * {@code MpscArrayQueue}, {@code unbounded-array} over a chunked {@code MpscUnboundedXaddArrayQueue}
 * (their types say why each).
 *
 * <p>What the runtime's contract needs from the queue, and both give: {@code isEmpty()} counts a
 * slot a producer has claimed but not yet written as taken, so {@link #hasMessages()} holds as soon
 * as an enqueue has returned; and {@code relaxedPoll()} returns {@code null} for such a slot instead
 * of spinning, so the turn retries rather than waits.
 *
 * <p>Recycling ({@link io.github.rota.spi.mailbox.RecyclePolicy#PREVIOUS}): the envelope handed out
 * by a dequeue is released to the pool by the next dequeue, so it stays valid during its turn.
 */
final class ArrayQueueMailbox implements Mailbox {

    private final MessagePassingQueue<Envelope> queue;
    private final RecycleOneLater recycling;

    ArrayQueueMailbox(EnvelopePool pool, MessagePassingQueue<Envelope> queue) {
        this.recycling = new RecycleOneLater(pool);
        this.queue = queue;
    }

    /** {@return {@code false} if a bounded queue is full} */
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
