package io.github.rota.pool;

import io.github.rota.spi.pool.Envelope;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One shard of the pool: a bounded multi-producer multi-consumer ring of spare envelopes
 * (Dmitry Vyukov's array queue with a sequence number per cell). It refuses instead of waiting:
 * empty, full, or {@value #TRIES} lost races all end the call.
 *
 * <p>Sequence numbers: cell {@code i} starts at {@code i}. A producer at position {@code p} may
 * claim the cell when its sequence equals {@code p} (less: the ring is full); it claims by CAS on
 * {@code enqueuePosition}, writes the envelope, then publishes sequence {@code p + 1}. A consumer at
 * position {@code p} may claim the cell when its sequence equals {@code p + 1} (less: empty); it
 * claims by CAS on {@code dequeuePosition}, takes the envelope, then publishes {@code p + CAPACITY}.
 * Positions only grow, so there is no ABA.
 *
 * <p>Memory ordering: the envelope is written plainly before the release store of the sequence
 * and read after its acquire load — publication before sequence, so a taker never sees a slot
 * whose envelope is not yet written.
 *
 * <p>Batches ({@link #offerBatch}, {@link #pollBatch}): a worker's {@link EnvelopeCache} refills and
 * spills many envelopes at once, claiming the run of ready cells from a position with one CAS.
 *
 * <p>Invariants ({@code EnvelopeRingTest}, jcstress {@code EnvelopeRingTakersTest},
 * {@code EnvelopeRingPublicationTest} and {@code EnvelopeRingBatchTest}): one envelope to one taker,
 * singly or in batches; a taker sees the fields written before the offer; a full ring refuses;
 * capacity is a power of two.
 */
final class EnvelopeRing extends EnvelopeRingEndPad {

    /** Slots per shard: a power of two, so a position maps to a cell with a mask. */
    static final int CAPACITY = 512;
    private static final int MASK = CAPACITY - 1;
    /** Lost races before giving up: the caller then allocates or drops, which is cheap. */
    static final int TRIES = 4;

    private static final VarHandle SEQUENCE = MethodHandles.arrayElementVarHandle(long[].class);
    private static final VarHandle ENQUEUE;
    private static final VarHandle DEQUEUE;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            ENQUEUE = lookup.findVarHandle(EnvelopeRingEnqueue.class, "enqueuePosition", long.class);
            DEQUEUE = lookup.findVarHandle(EnvelopeRingDequeue.class, "dequeuePosition", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final long[] sequences = new long[CAPACITY];
    private final Envelope[] cells = new Envelope[CAPACITY];

    EnvelopeRing() {
        for (int i = 0; i < CAPACITY; i++) {
            sequences[i] = i; // published with the ring through the pool's final field
        }
    }

    /** @return {@code false} if the ring is full or contended; the envelope was not stored */
    boolean offer(Envelope envelope) {
        for (int tries = 0; tries < TRIES; tries++) {
            long position = lvEnqueuePosition();
            int cell = cellOf(position);
            long difference = laSequence(cell) - position;
            if (difference == 0) {
                if (casEnqueuePosition(position, position + 1)) {
                    cells[cell] = envelope;
                    soSequence(cell, position + 1);
                    return true;
                }
            } else if (difference < 0) {
                return false; // full
            }
            // Another producer moved on: look again.
        }
        return false;
    }

    /** @return a spare envelope, or {@code null} if the ring is empty or contended */
    Envelope poll() {
        for (int tries = 0; tries < TRIES; tries++) {
            long position = lvDequeuePosition();
            int cell = cellOf(position);
            long difference = laSequence(cell) - (position + 1);
            if (difference == 0) {
                if (casDequeuePosition(position, position + 1)) {
                    Envelope envelope = cells[cell];
                    cells[cell] = null;
                    soSequence(cell, position + CAPACITY);
                    return envelope;
                }
            } else if (difference < 0) {
                return null; // empty
            }
        }
        return null;
    }

    /**
     * Stores up to {@code n} envelopes from {@code source[from..]}, claiming their cells with one CAS:
     * the cells from the enqueue position on that are free, checked first. A free cell stays free
     * until a producer claims its position, and the CAS proves nobody has.
     *
     * @return how many were stored, the first ones of the range; 0 if the ring is full or contended
     */
    int offerBatch(Envelope[] source, int from, int n) {
        for (int tries = 0; tries < TRIES; tries++) {
            long position = lvEnqueuePosition();
            int free = 0;
            while (free < n && laSequence(cellOf(position + free)) == position + free) {
                free++;
            }
            if (free == 0) {
                if (laSequence(cellOf(position)) < position) {
                    return 0; // full
                }
                continue; // another producer moved on: look again
            }
            if (casEnqueuePosition(position, position + free)) {
                for (int i = 0; i < free; i++) {
                    int cell = cellOf(position + i);
                    cells[cell] = source[from + i];
                    soSequence(cell, position + i + 1);
                }
                return free;
            }
        }
        return 0;
    }

    /**
     * Takes up to {@code n} spare envelopes into {@code target[at..]}, claiming their cells with one
     * CAS: the cells from the dequeue position on that are published, checked first. A published cell
     * stays so until a consumer claims its position, and the CAS proves nobody has.
     *
     * @return how many were taken; 0 if the ring is empty or contended
     */
    int pollBatch(Envelope[] target, int at, int n) {
        for (int tries = 0; tries < TRIES; tries++) {
            long position = lvDequeuePosition();
            int published = 0;
            while (published < n && laSequence(cellOf(position + published)) == position + published + 1) {
                published++;
            }
            if (published == 0) {
                if (laSequence(cellOf(position)) < position + 1) {
                    return 0; // empty
                }
                continue;
            }
            if (casDequeuePosition(position, position + published)) {
                for (int i = 0; i < published; i++) {
                    int cell = cellOf(position + i);
                    target[at + i] = cells[cell];
                    cells[cell] = null;
                    soSequence(cell, position + i + CAPACITY);
                }
                return published;
            }
        }
        return 0;
    }

    private static int cellOf(long position) {
        return (int) (position & MASK);
    }

    /** @return spare envelopes in the ring (may lag under concurrency) */
    int size() {
        long dequeued = lvDequeuePosition();
        long enqueued = lvEnqueuePosition();
        return (int) Math.max(0, Math.min(CAPACITY, enqueued - dequeued));
    }

    // Accessors named for their ordering (see io.github.rota.spi.pool).

    private long lvEnqueuePosition() {
        return (long) ENQUEUE.getVolatile(this);
    }

    private boolean casEnqueuePosition(long expect, long update) {
        return ENQUEUE.compareAndSet(this, expect, update);
    }

    private long lvDequeuePosition() {
        return (long) DEQUEUE.getVolatile(this);
    }

    private boolean casDequeuePosition(long expect, long update) {
        return DEQUEUE.compareAndSet(this, expect, update);
    }

    private long laSequence(int cell) {
        return (long) SEQUENCE.getAcquire(sequences, cell);
    }

    private void soSequence(int cell, long sequence) {
        SEQUENCE.setRelease(sequences, cell, sequence);
    }
}

// Layout, by writer: each position in a class of its own between classes of 128 padding bytes
// (JCTools' idiom: bytes fill the gaps the JVM would otherwise pack other fields into), so
// producers and consumers, different threads, never write one cache line. FieldLayoutTest (itests)
// checks the layout with JOL.

abstract class EnvelopeRingLeftPad {
    byte p000, p001, p002, p003, p004, p005, p006, p007, p080, p081, p082, p083, p084, p085, p086, p087;
    byte p010, p011, p012, p013, p014, p015, p016, p017, p090, p091, p092, p093, p094, p095, p096, p097;
    byte p020, p021, p022, p023, p024, p025, p026, p027, p0a0, p0a1, p0a2, p0a3, p0a4, p0a5, p0a6, p0a7;
    byte p030, p031, p032, p033, p034, p035, p036, p037, p0b0, p0b1, p0b2, p0b3, p0b4, p0b5, p0b6, p0b7;
    byte p040, p041, p042, p043, p044, p045, p046, p047, p0c0, p0c1, p0c2, p0c3, p0c4, p0c5, p0c6, p0c7;
    byte p050, p051, p052, p053, p054, p055, p056, p057, p0d0, p0d1, p0d2, p0d3, p0d4, p0d5, p0d6, p0d7;
    byte p060, p061, p062, p063, p064, p065, p066, p067, p0e0, p0e1, p0e2, p0e3, p0e4, p0e5, p0e6, p0e7;
    byte p070, p071, p072, p073, p074, p075, p076, p077, p0f0, p0f1, p0f2, p0f3, p0f4, p0f5, p0f6, p0f7;
}

/** Where producers (threads releasing envelopes) claim cells. */
abstract class EnvelopeRingEnqueue extends EnvelopeRingLeftPad {
    volatile long enqueuePosition;
}

abstract class EnvelopeRingMidPad extends EnvelopeRingEnqueue {
    byte p100, p101, p102, p103, p104, p105, p106, p107, p180, p181, p182, p183, p184, p185, p186, p187;
    byte p110, p111, p112, p113, p114, p115, p116, p117, p190, p191, p192, p193, p194, p195, p196, p197;
    byte p120, p121, p122, p123, p124, p125, p126, p127, p1a0, p1a1, p1a2, p1a3, p1a4, p1a5, p1a6, p1a7;
    byte p130, p131, p132, p133, p134, p135, p136, p137, p1b0, p1b1, p1b2, p1b3, p1b4, p1b5, p1b6, p1b7;
    byte p140, p141, p142, p143, p144, p145, p146, p147, p1c0, p1c1, p1c2, p1c3, p1c4, p1c5, p1c6, p1c7;
    byte p150, p151, p152, p153, p154, p155, p156, p157, p1d0, p1d1, p1d2, p1d3, p1d4, p1d5, p1d6, p1d7;
    byte p160, p161, p162, p163, p164, p165, p166, p167, p1e0, p1e1, p1e2, p1e3, p1e4, p1e5, p1e6, p1e7;
    byte p170, p171, p172, p173, p174, p175, p176, p177, p1f0, p1f1, p1f2, p1f3, p1f4, p1f5, p1f6, p1f7;
}

/** Where consumers (threads sending messages) claim cells. */
abstract class EnvelopeRingDequeue extends EnvelopeRingMidPad {
    volatile long dequeuePosition;
}

abstract class EnvelopeRingEndPad extends EnvelopeRingDequeue {
    byte p200, p201, p202, p203, p204, p205, p206, p207, p280, p281, p282, p283, p284, p285, p286, p287;
    byte p210, p211, p212, p213, p214, p215, p216, p217, p290, p291, p292, p293, p294, p295, p296, p297;
    byte p220, p221, p222, p223, p224, p225, p226, p227, p2a0, p2a1, p2a2, p2a3, p2a4, p2a5, p2a6, p2a7;
    byte p230, p231, p232, p233, p234, p235, p236, p237, p2b0, p2b1, p2b2, p2b3, p2b4, p2b5, p2b6, p2b7;
    byte p240, p241, p242, p243, p244, p245, p246, p247, p2c0, p2c1, p2c2, p2c3, p2c4, p2c5, p2c6, p2c7;
    byte p250, p251, p252, p253, p254, p255, p256, p257, p2d0, p2d1, p2d2, p2d3, p2d4, p2d5, p2d6, p2d7;
    byte p260, p261, p262, p263, p264, p265, p266, p267, p2e0, p2e1, p2e2, p2e3, p2e4, p2e5, p2e6, p2e7;
    byte p270, p271, p272, p273, p274, p275, p276, p277, p2f0, p2f1, p2f2, p2f3, p2f4, p2f5, p2f6, p2f7;
}
