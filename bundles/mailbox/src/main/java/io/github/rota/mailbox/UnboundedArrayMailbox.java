package io.github.rota.mailbox;

import io.github.rota.spi.mailbox.Mailbox;
import io.github.rota.spi.pool.Envelope;
import io.github.rota.spi.pool.EnvelopePool;
import org.jctools.queues.MpscUnboundedXaddArrayQueue;

/**
 * Unbounded mailbox for an actor that many messages flood (a collector many actors report to, the
 * consumer of a stream): FIFO, in chunks of an array, never full.
 *
 * <p>Why an array, when the default {@code unbounded} mailbox links its envelopes: a consumer that
 * follows links learns where the next envelope is only by reading the one before it, so where the
 * envelopes were written on another core every message waits for its own cache-line transfer, one
 * after the other. Here the consumer reads the envelopes' addresses from the array, lines it shares
 * with the producers 16 references at a time, and the transfers of the envelopes behind them
 * overlap. Producers claim a slot with one atomic add on the producer index and never retry.
 *
 * <p>Why JCTools {@link MpscUnboundedXaddArrayQueue}: a claimed slot counts in {@code isEmpty()} at
 * once, so {@link #hasMessages()} holds as soon as an enqueue has returned, and
 * {@code relaxedPoll()} returns {@code null} for a slot whose producer has not written it yet
 * instead of spinning (the turn retries, as with {@link BoundedMailbox}). The cost is memory: the
 * queue's padding and its first chunk make about 3.4 KB per actor with the default chunk of 256
 * slots (1.3 KB with 16), against 88 bytes for {@code unbounded}; it keeps up to two spare chunks
 * after a burst. And
 * it has no idle mark, so waking the actor costs the sender a compare-and-set on the actor's state:
 * an exchange of one message at a time runs faster on {@code unbounded}.
 *
 * <p>Recycling ({@link io.github.rota.spi.mailbox.RecyclePolicy#PREVIOUS}): the envelope handed out
 * by a dequeue is released to the pool by the next dequeue, so it stays valid during its turn.
 */
final class UnboundedArrayMailbox implements Mailbox {

    private final MpscUnboundedXaddArrayQueue<Envelope> queue;
    private final RecycleOneLater recycling;

    UnboundedArrayMailbox(EnvelopePool pool, int chunkSize) {
        this.recycling = new RecycleOneLater(pool);
        this.queue = new MpscUnboundedXaddArrayQueue<>(chunkSize);
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
