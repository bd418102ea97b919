package io.github.rota.mailbox;

import io.github.rota.spi.mailbox.Mailbox;
import io.github.rota.spi.pool.Envelope;
import io.github.rota.spi.pool.EnvelopePool;
import io.github.rota.spi.pool.LinkedEnvelopeQueue;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;

/**
 * Unbounded multi-producer single-consumer mailbox: Vyukov's intrusive MPSC linked queue, with the
 * envelopes themselves as the nodes (linked through their own {@code next}, see {@link LinkedEnvelopeQueue}), so enqueueing
 * allocates nothing.
 *
 * <p>Structure: {@code producerNode} is the last envelope enqueued (swapped in by every producer);
 * {@code consumerNode} is the sentinel, the last envelope handed out (initially a stub). The queue
 * is empty when they are the same node. Dequeue moves the sentinel to the next envelope and
 * releases the old sentinel to the pool ({@link io.github.rota.spi.mailbox.RecyclePolicy#SENTINEL}),
 * so the envelope just handed out stays valid until the next dequeue.
 *
 * <p>Memory ordering:
 * <ul>
 *   <li>enqueue: plain-clear the envelope's link, then a volatile get-and-set of {@code producerNode}
 *       (the linearisation point: from here {@link #hasMessages()} is true), then a release store of
 *       the previous node's link, which publishes the envelope's fields to the consumer;</li>
 *   <li>dequeue: an acquire load of the sentinel's link; {@code consumerNode} is consumer-only;</li>
 *   <li>{@code producerCount} is incremented (volatile add) <em>before</em> the swap and
 *       {@code consumerCount} after a successful dequeue, so {@code size()} read
 *       consumer-first is never negative.</li>
 * </ul>
 *
 * <p>Invariants (each guarded by a test in {@code UnboundedMailboxTest}):
 * <ul>
 *   <li>non-empty as soon as enqueue returns, even before the link is published
 *       ({@code hasMessagesAsSoonAsEnqueueReturns});</li>
 *   <li>FIFO per producer, every envelope handed out exactly once
 *       ({@code concurrentProducersDeliverEveryEnvelopeOnceInPerProducerOrder});</li>
 *   <li>only an unlinked, no longer reachable sentinel is released, to its home shard
 *       ({@code releasesThePreviousSentinelOnDequeue});</li>
 *   <li>size is O(1) and exact when quiescent ({@code sizeCountsAcceptedMinusDequeued}).</li>
 * </ul>
 */
final class UnboundedMailbox extends LinkedEnvelopeQueue implements Mailbox {

    private static final VarHandle PRODUCER_NODE;
    private static final VarHandle PRODUCER_COUNT;
    private static final VarHandle CONSUMER_COUNT;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            PRODUCER_NODE = lookup.findVarHandle(UnboundedMailbox.class, "producerNode", Envelope.class);
            PRODUCER_COUNT = lookup.findVarHandle(UnboundedMailbox.class, "producerCount", long.class);
            CONSUMER_COUNT = lookup.findVarHandle(UnboundedMailbox.class, "consumerCount", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final EnvelopePool pool;
    @SuppressWarnings("unused") // accessed through PRODUCER_NODE
    private volatile Envelope producerNode;
    private Envelope consumerNode;
    @SuppressWarnings("unused") // accessed through PRODUCER_COUNT
    private volatile long producerCount;
    @SuppressWarnings("unused") // accessed through CONSUMER_COUNT
    private volatile long consumerCount;

    UnboundedMailbox(EnvelopePool pool) {
        this.pool = Objects.requireNonNull(pool, "pool");
        // The stub is not from the pool: it returns to shard 0 when it is first released.
        Envelope stub = new Envelope(0);
        consumerNode = stub;
        spProducerNode(stub);
    }

    @Override
    public boolean enqueue(Envelope envelope) {
        spNext(envelope, null);
        incrementProducerCount();
        Envelope previous = xchgProducerNode(envelope);
        // Window: the envelope is counted and hasMessages() is true, but the consumer cannot reach
        // it until this release store links it in.
        soNext(previous, envelope);
        return true;
    }

    @Override
    public Envelope dequeue() {
        Envelope sentinel = consumerNode;
        Envelope next = lvNext(sentinel);
        if (next == null) {
            return null;
        }
        consumerNode = next;
        incrementConsumerCount();
        // No producer can reach the old sentinel any more: the producer that linked it has finished
        // (we saw its link), and producerNode has moved past it.
        pool.release(sentinel);
        return next;
    }

    /**
     * Consumer only: whether {@link #dequeue()} would hand out an envelope now (its link is
     * published), with acquire ordering, so the caller also sees what its producer did before.
     */
    boolean canDequeue() {
        return lvNext(consumerNode) != null;
    }

    @Override
    public boolean hasMessages() {
        return lvProducerNode() != consumerNode;
    }

    @Override
    public int size() {
        long consumed = lvConsumerCount();
        long produced = lvProducerCount();
        return (int) Math.min(produced - consumed, Integer.MAX_VALUE);
    }

    // Accessors named for their ordering, as in JCTools: sp plain store, lv volatile load, xchg
    // atomic exchange; the counts' increments are an atomic add (producers) and an opaque store of
    // the consumer's own count (it has one writer).

    private void spProducerNode(Envelope node) {
        PRODUCER_NODE.set(this, node);
    }

    private Envelope lvProducerNode() {
        return (Envelope) PRODUCER_NODE.getVolatile(this);
    }

    private Envelope xchgProducerNode(Envelope node) {
        return (Envelope) PRODUCER_NODE.getAndSet(this, node);
    }

    private void incrementProducerCount() {
        PRODUCER_COUNT.getAndAdd(this, 1L);
    }

    private long lvProducerCount() {
        return (long) PRODUCER_COUNT.getVolatile(this);
    }

    private void incrementConsumerCount() {
        CONSUMER_COUNT.setOpaque(this, (long) CONSUMER_COUNT.getOpaque(this) + 1L);
    }

    private long lvConsumerCount() {
        return (long) CONSUMER_COUNT.getVolatile(this);
    }
}
