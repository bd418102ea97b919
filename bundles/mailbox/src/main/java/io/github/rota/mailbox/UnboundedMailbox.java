package io.github.rota.mailbox;

import io.github.rota.spi.mailbox.IdleMarkingMailbox;
import io.github.rota.spi.pool.Envelope;
import io.github.rota.spi.pool.EnvelopePool;
import io.github.rota.spi.pool.LinkedEnvelopeQueue;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;

/**
 * Unbounded multi-producer single-consumer mailbox: Vyukov's intrusive MPSC linked queue, with the
 * envelopes themselves as the nodes (linked through their own {@code next}, see {@link LinkedEnvelopeQueue}), so enqueueing
 * allocates nothing, and an enqueue does one atomic instruction: the swap of the tail.
 *
 * <p>Structure: {@code producerNode} is the last envelope enqueued (swapped in by every producer);
 * {@code consumerNode} is the sentinel, the last envelope handed out (initially a stub). The queue
 * is empty when they are the same node. They lie a cache line apart ({@code UnboundedMailboxFields}):
 * a consumer draining on another core while producers send stores the sentinel once per message, and
 * on the tail's line each of those stores would take the line from the producers' swap, and the next
 * swap take it back. That costs 64 bytes per actor. Dequeue moves the sentinel to the next envelope and
 * releases the old sentinel to the pool ({@link io.github.rota.spi.mailbox.RecyclePolicy#SENTINEL}),
 * so the envelope just handed out stays valid until the next dequeue.
 *
 * <p>Depth without a counter: every envelope carries a sequence stamp, its position in the queue
 * (odd numbers, two apart, wrapping), so the depth is the tail's stamp minus the sentinel's. A
 * producer learns its position from the envelope its swap returned: the previous tail's stamp plus
 * one position. That stamp is written by the previous producer just after its own swap, so two
 * producers that swap within a few instructions of each other make the second wait a moment
 * ({@value #STAMP_SPINS} spins at most). A producer that gives up, because the previous one was
 * descheduled in that window, stamps its envelope {@code UNKNOWN}, and so do the producers after
 * it. Two repairs number them again, each walking forward over the linked unknown envelopes from
 * one whose position it knows: the late producer, when it finally stamps its own envelope and finds
 * the next one linked and unknown (before it links its own, so no envelope after it can be dequeued
 * and recycled under the walk); and the consumer, when it is about to hand out an unknown one. While
 * the tail is unknown, {@link #size()} counts the linked envelopes instead (O(depth)), and waits at a
 * gap (a producer that has swapped but not linked) as the consumer does: what lies behind a gap may
 * include sends that have returned. A producer never waits for more than its spins.
 *
 * <p>The idle mark (Pony's message queue): the consumer that lets its actor go swaps the sentinel
 * in {@code producerNode} for {@link #IDLE_MARK} with one compare-and-set, which fails if a
 * producer has swapped in meanwhile. The next producer's swap returns the mark instead of an
 * envelope: it is the one producer that found the actor idle, so it schedules the actor without a
 * compare-and-set on the actor's state. It links its envelope behind {@code consumerNode}, which
 * stays put while the actor is idle, and numbers it from there. The mark is one envelope shared by
 * every mailbox and is never linked, stamped or released; nobody writes to it.
 *
 * <p>Memory ordering:
 * <ul>
 *   <li>enqueue: plain-clear the envelope's link and stamp ({@code NOT_YET}), then a volatile
 *       get-and-set of {@code producerNode} (the linearisation point: from here
 *       {@link #hasMessages()} is true; it publishes the cleared stamp to the next producer), an
 *       opaque load of the previous envelope's stamp and a release store of this one's, then a
 *       release store of the previous node's link, which publishes the envelope's fields, its stamp
 *       included, to the consumer;</li>
 *   <li>idle mark: a volatile compare-and-set of {@code producerNode} from {@code consumerNode} to
 *       the mark, after the consumer's last release store of {@code consumerNode}; the producer
 *       whose swap returns the mark has therefore seen that store and the sentinel's stamp, and
 *       links behind that sentinel as behind any previous tail;</li>
 *   <li>renumbering: stamps go from {@code UNKNOWN} to the one right position only, so two walks
 *       over the same envelopes store the same values, and a producer reading one sees either;</li>
 *   <li>dequeue: an acquire load of the sentinel's link; the renumbering comes before the release
 *       store of {@code consumerNode}, so whoever reads the sentinel with acquire sees its stamp;
 *       {@code consumerNode} has one writer, the consumer; the old sentinel's link is then cleared with
 *       a plain store: only a {@link #size()} walk can still be reading it, and that walk finds
 *       the sentinel moved and starts again;</li>
 *   <li>size: acquire loads of the sentinel, its stamp and the sentinel again (so the stamp is of
 *       its time as the sentinel), the tail and its stamp, then of the sentinel and its stamp again.
 *       The same sentinel with the same stamp was not released meanwhile (an envelope recycled into
 *       this queue comes back with a later position), so neither was the tail, which is at or after
 *       it: both stamps belong to this queue (jcstress {@code VolleyVersusDepthReader}).</li>
 * </ul>
 *
 * <p>Invariants (each guarded by a test in {@code UnboundedMailboxTest}, the stamps also by jcstress
 * {@code UnboundedMailboxDepthTest}):
 * <ul>
 *   <li>non-empty as soon as enqueue returns, even before the link is published
 *       ({@code hasMessagesAsSoonAsEnqueueReturns});</li>
 *   <li>FIFO per producer, every envelope handed out exactly once
 *       ({@code concurrentProducersDeliverEveryEnvelopeOnceInPerProducerOrder});</li>
 *   <li>only an unlinked, no longer reachable sentinel is released, to its home shard
 *       ({@code releasesThePreviousSentinelOnDequeue}), and it links to nothing, pool or not
 *       ({@code withoutAPoolAPassedOverSentinelLinksToNothing});</li>
 *   <li>size is exact when quiescent, whether the tail's stamp is known or not
 *       ({@code sizeCountsAcceptedMinusDequeued}, {@code aProducerThatGivesUpOnItsStampLeavesTheDepthExact}),
 *       and O(1) again once either repair has run
 *       ({@code theLateProducerRenumbersTheEnvelopesThatGaveUpOnIt},
 *       {@code theConsumerRenumbersEveryLinkedUnknownEnvelopeAtOnce}); never below the sends that
 *       had returned, even behind a producer between its stores
 *       ({@code theDepthIsNeverBelowTheSendsThatReturnedWhileAnEarlierProducerIsStillBetweenItsStores});</li>
 *   <li>the mark stands only on an empty mailbox, and exactly one offer clears it (the contract's
 *       {@code theIdleMarkStandsOnlyOnAnEmptyMailboxAndOneOfferClearsIt} and
 *       {@code concurrentProducersClearEachIdleMarkExactlyOnce}; jcstress
 *       {@code UnboundedMailboxIdleMarkTest}); the depth and the order go on across it
 *       ({@code theDepthAndTheOrderGoOnAcrossTheIdleMark}).</li>
 * </ul>
 */
final class UnboundedMailbox extends UnboundedMailboxPad implements IdleMarkingMailbox {

    /** The stamp of an envelope between its producer's swap and its stamp store. */
    static final int NOT_YET = 0;
    /** The stamp of an envelope whose producer could not learn its position. */
    static final int UNKNOWN = 2;
    /** The stub's position; every known position is odd. */
    private static final int FIRST = 1;
    private static final int STEP = 2;
    /** How long a producer waits for the previous producer's stamp: a few microseconds at most. */
    static final int STAMP_SPINS = 64;
    /**
     * How long {@link #size()} waits at a gap for its producer to link: far beyond any time slice, so
     * only a producer whose thread will never link is not waited out.
     */
    static final long GAP_PATIENCE_NANOS = 1_000_000_000;
    /** How many envelopes {@link #size()} counts before it checks that the consumer has not moved. */
    private static final int COUNT_CHECK_INTERVAL = 4096;

    /** Stands in {@code producerNode} while the actor is idle; see the class comment. */
    private static final Envelope IDLE_MARK = new Envelope(0);

    private static final VarHandle PRODUCER_NODE;
    private static final VarHandle CONSUMER_NODE;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            PRODUCER_NODE = lookup.findVarHandle(UnboundedMailboxFields.class, "producerNode", Envelope.class);
            CONSUMER_NODE = lookup.findVarHandle(UnboundedMailbox.class, "consumerNode", Envelope.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final EnvelopePool pool;
    private Envelope consumerNode;

    UnboundedMailbox(EnvelopePool pool) {
        this(pool, FIRST);
    }

    /** Starts the numbering at {@code firstStamp} (an odd number), so a test can cross the wrap. */
    UnboundedMailbox(EnvelopePool pool, int firstStamp) {
        this.pool = Objects.requireNonNull(pool, "pool");
        if ((firstStamp & 1) == 0) {
            throw new IllegalArgumentException("a position is odd: " + firstStamp);
        }
        // The stub is not from the pool: it returns to shard 0 when it is first released.
        Envelope stub = new Envelope(0);
        spStamp(stub, firstStamp);
        soConsumerNode(stub);
        spProducerNode(stub);
    }

    /** As {@link #offer}, but a caller that may find the idle mark must use {@code offer}, which reports it. */
    @Override
    public boolean enqueue(Envelope envelope) {
        offer(envelope, STAMP_SPINS);
        return true;
    }

    @Override
    public Offer offer(Envelope envelope) {
        return offer(envelope, STAMP_SPINS);
    }

    /** Enqueues, waiting at most {@code spins} for the previous producer's stamp (a test gives 0). */
    Offer offer(Envelope envelope, int spins) {
        Envelope previous = swapIn(envelope);
        if (previous == IDLE_MARK) {
            // The sentinel's position is known, and it stays the sentinel until we schedule the actor.
            stampAndLink(laConsumerNode(), envelope, 0);
            return Offer.WAKES;
        }
        stampAndLink(previous, envelope, spins);
        return Offer.QUEUED;
    }

    @Override
    public boolean tryMarkIdle() {
        return casProducerNode(consumerNode, IDLE_MARK);
    }

    @Override
    public boolean isMarkedIdle() {
        return lvProducerNode() == IDLE_MARK;
    }

    /** The first half of an enqueue: from here the envelope is in, and hasMessages() is true. */
    Envelope swapIn(Envelope envelope) {
        spNext(envelope, null);
        // A recycled envelope still carries its old position: the next producer must not take it.
        spStamp(envelope, NOT_YET);
        return xchgProducerNode(envelope);
    }

    /**
     * The second half: until the stamp is stored the next producer cannot number its own envelope,
     * and until the link is stored the consumer cannot reach this one.
     */
    void stampAndLink(Envelope previous, Envelope envelope, int spins) {
        int stamp = positionAfter(previous, spins);
        soStamp(envelope, stamp);
        if (stamp != UNKNOWN) {
            // A producer behind this one that gave up waiting for this stamp has linked its envelope
            // already; nothing after this one can be dequeued before the link below.
            renumberAfter(envelope);
        }
        soNext(previous, envelope);
    }

    private static int positionAfter(Envelope previous, int spins) {
        int stamp = loStamp(previous);
        for (int spin = 0; stamp == NOT_YET && spin < spins; spin++) {
            Thread.onSpinWait();
            stamp = loStamp(previous);
        }
        return isPosition(stamp) ? stamp + STEP : UNKNOWN;
    }

    @Override
    public Envelope dequeue() {
        Envelope sentinel = consumerNode;
        Envelope next = lvNext(sentinel);
        if (next == null) {
            return null;
        }
        if (loStamp(next) == UNKNOWN) {
            // The sentinel's position is always known: the stub's is, and each later one was
            // numbered before it became the sentinel.
            renumberAfter(sentinel);
        }
        soConsumerNode(next);
        // No producer can reach the old sentinel any more: the producer that linked it has finished
        // (we saw its link), and producerNode has moved past it. Unlinked, so that without a pool a
        // promoted sentinel cannot keep every later envelope alive through young collections.
        spNext(sentinel, null);
        pool.release(sentinel);
        return next;
    }

    /**
     * Numbers the linked envelopes after {@code known}, whose position is known, as long as they are
     * unknown. The caller makes sure none of them can be dequeued meanwhile: it is the consumer, or
     * a producer that has not linked {@code known} yet.
     */
    private static void renumberAfter(Envelope known) {
        int position = loStamp(known);
        for (Envelope node = lvNext(known); node != null && loStamp(node) == UNKNOWN; node = lvNext(node)) {
            position += STEP;
            soStamp(node, position);
        }
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
        Envelope tail = lvProducerNode();
        return tail != consumerNode && tail != IDLE_MARK;
    }

    /**
     * {@inheritDoc} Exact when no producer is between its two stores; otherwise at least every
     * envelope whose offer had returned when this was called. O(1) while the tail is numbered, else a
     * count of the linked envelopes; that count waits at a gap, where a producer has swapped but not
     * linked (what follows it is out of reach until then), as the consumer does, for at most
     * {@value #GAP_PATIENCE_NANOS} ns: a producer stuck there longer is lost to its thread (the
     * consumer cannot pass it either), and the depth then counts what it reaches and the envelope
     * at the gap.
     */
    @Override
    public int size() {
        while (true) {
            Envelope sentinel = laConsumerNode();
            int first = laStamp(sentinel);
            // The stamp is the sentinel's only if the envelope is still the sentinel after it was read:
            // released meanwhile, it may have come back as the tail, and be the sentinel again later
            // with that tail's stamp.
            if (laConsumerNode() == sentinel) {
                int depth = depthAfter(sentinel, first);
                if (depth >= 0) {
                    return depth;
                }
            }
            Thread.onSpinWait(); // the consumer moved under the read: read again
        }
    }

    /**
     * The depth behind {@code sentinel}, read as the sentinel with the stamp {@code first}.
     *
     * @return the depth, or -1 if the sentinel has moved on
     */
    int depthAfter(Envelope sentinel, int first) {
        Envelope tail = lvProducerNode();
        if (tail == IDLE_MARK) {
            return 0; // empty at the moment of that read, whichever sentinel it is behind
        }
        int last = laStamp(tail);
        if (!isStill(sentinel, first)) {
            return -1;
        }
        if (isPosition(last)) {
            return distance(first, last);
        }
        return countLinked(sentinel, first, tail); // a producer still stamping the tail, or one that gave up
    }

    /** Whether {@code sentinel}, read with its stamp {@code first}, is still the sentinel and was not recycled. */
    private boolean isStill(Envelope sentinel, int first) {
        return laConsumerNode() == sentinel && laStamp(sentinel) == first;
    }

    /**
     * The envelopes linked after {@code sentinel} up to {@code tail}, counted one by one, waiting at
     * a gap for its producer to link (see {@link #size()}). Nothing is recycled while the sentinel
     * stays put, so the walk stays in this queue.
     *
     * @return the count, or -1 if the consumer moved meanwhile
     */
    private int countLinked(Envelope sentinel, int first, Envelope tail) {
        int count = 0;
        long gapSince = 0;
        for (Envelope node = sentinel; node != tail; ) {
            Envelope next = lvNext(node);
            if (next == null) {
                if (!isStill(sentinel, first)) {
                    return -1;
                }
                long now = System.nanoTime();
                if (gapSince == 0) {
                    gapSince = now;
                } else if (now - gapSince >= GAP_PATIENCE_NANOS) {
                    return count + 1;
                }
                Thread.yield(); // the producer at the gap may be waiting for this core
                continue;
            }
            gapSince = 0;
            count++;
            if (count % COUNT_CHECK_INTERVAL == 0 && !isStill(sentinel, first)) {
                return -1;
            }
            node = next;
        }
        return isStill(sentinel, first) ? count : -1;
    }

    private static boolean isPosition(int stamp) {
        return (stamp & 1) != 0;
    }

    /** Envelopes from {@code first} (exclusive) to {@code last} (inclusive), across the wrap. */
    private static int distance(int first, int last) {
        return (last - first) >>> 1;
    }

    // Accessors named for their ordering (see io.github.rota.spi.pool).

    private void spProducerNode(Envelope node) {
        PRODUCER_NODE.set(this, node);
    }

    private Envelope lvProducerNode() {
        return (Envelope) PRODUCER_NODE.getVolatile(this);
    }

    private Envelope xchgProducerNode(Envelope node) {
        return (Envelope) PRODUCER_NODE.getAndSet(this, node);
    }

    private boolean casProducerNode(Envelope expect, Envelope update) {
        return PRODUCER_NODE.compareAndSet(this, expect, update);
    }

    private void soConsumerNode(Envelope node) {
        CONSUMER_NODE.setRelease(this, node);
    }

    private Envelope laConsumerNode() {
        return (Envelope) CONSUMER_NODE.getAcquire(this);
    }
}
