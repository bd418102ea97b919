package io.github.rota.mailbox;

import io.github.rota.spi.mailbox.Mailbox;
import io.github.rota.spi.mailbox.MessagePriority;
import io.github.rota.spi.pool.Envelope;
import io.github.rota.spi.pool.EnvelopePool;
import java.util.Comparator;
import java.util.concurrent.PriorityBlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Mailbox ordered by a {@link MessagePriority}: the lowest message first. The stable variant breaks
 * ties by arrival order (a sequence number per message); the plain one does not. With a capacity, a
 * message to a full mailbox is refused at once (the runtime dead-letters it): producers reserve a
 * place with an atomic counter first, so the bound is exact.
 *
 * <p>Why a {@link PriorityBlockingQueue}: a heap needs mutual exclusion, and the JDK's holds its
 * lock only for the O(log n) sift, never while waiting (we never call its blocking methods), as
 * Akka's priority mailboxes do. Non-empty as soon as {@code enqueue} returns; depth O(1).
 * Each message costs one small {@code Entry} besides its envelope.
 *
 * <p>Recycling: the unbounded plain variant never returns envelopes; the stable and the bounded
 * ones return each one dequeue later.
 */
final class PriorityMailbox implements Mailbox {

    private record Entry(Envelope envelope, long sequence) {
    }

    private final boolean stable;
    private final int capacity;
    /** {@code null} for the variant that never recycles. */
    private final RecycleOneLater recycling;
    private final PriorityBlockingQueue<Entry> queue;
    private final AtomicLong arrivals = new AtomicLong();
    private final AtomicInteger reserved = new AtomicInteger();

    PriorityMailbox(EnvelopePool pool, MessagePriority priority, boolean stable, int capacity, boolean recycles) {
        this.stable = stable;
        this.capacity = capacity;
        this.recycling = recycles ? new RecycleOneLater(pool) : null;
        Comparator<Entry> order = (a, b) -> priority.compare(a.envelope().message(), b.envelope().message());
        this.queue = new PriorityBlockingQueue<>(11, stable ? order.thenComparingLong(Entry::sequence) : order);
    }

    @Override
    public boolean enqueue(Envelope envelope) {
        if (capacity > 0 && reserved.incrementAndGet() > capacity) {
            reserved.decrementAndGet();
            return false;
        }
        return queue.offer(new Entry(envelope, stable ? arrivals.getAndIncrement() : 0));
    }

    @Override
    public Envelope dequeue() {
        if (recycling != null) {
            recycling.releasePrevious();
        }
        Entry next = queue.poll();
        if (next == null) {
            return null;
        }
        if (capacity > 0) {
            reserved.decrementAndGet();
        }
        return recycling != null ? recycling.handOut(next.envelope()) : next.envelope();
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
