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
 * <p>Invariants ({@code EnvelopeRingTest}, jcstress {@code EnvelopeRingTakersTest} and
 * {@code EnvelopeRingPublicationTest}): one envelope to one taker; a taker sees the fields written
 * before the offer; a full ring refuses; capacity is a power of two.
 */
final class EnvelopeRing extends EnvelopeRingDequeue {

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
    long p20, p21, p22, p23, p24, p25, p26, p27;

    EnvelopeRing() {
        for (int i = 0; i < CAPACITY; i++) {
            sequences[i] = i; // published with the ring through the pool's final field
        }
    }

    /** @return {@code false} if the ring is full or contended; the envelope was not stored */
    boolean offer(Envelope envelope) {
        for (int tries = 0; tries < TRIES; tries++) {
            long position = (long) ENQUEUE.getVolatile(this);
            int cell = (int) (position & MASK);
            long difference = (long) SEQUENCE.getAcquire(sequences, cell) - position;
            if (difference == 0) {
                if (ENQUEUE.compareAndSet(this, position, position + 1)) {
                    cells[cell] = envelope;
                    SEQUENCE.setRelease(sequences, cell, position + 1);
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
            long position = (long) DEQUEUE.getVolatile(this);
            int cell = (int) (position & MASK);
            long difference = (long) SEQUENCE.getAcquire(sequences, cell) - (position + 1);
            if (difference == 0) {
                if (DEQUEUE.compareAndSet(this, position, position + 1)) {
                    Envelope envelope = cells[cell];
                    cells[cell] = null;
                    SEQUENCE.setRelease(sequences, cell, position + CAPACITY);
                    return envelope;
                }
            } else if (difference < 0) {
                return null; // empty
            }
        }
        return null;
    }

    /** @return spare envelopes in the ring (may lag under concurrency) */
    int size() {
        long dequeued = (long) DEQUEUE.getVolatile(this);
        long enqueued = (long) ENQUEUE.getVolatile(this);
        return (int) Math.max(0, Math.min(CAPACITY, enqueued - dequeued));
    }
}

/** Padding before the enqueue position. */
abstract class EnvelopeRingLeftPad {
    long p00, p01, p02, p03, p04, p05, p06, p07;
}

/** Where producers (threads releasing envelopes) claim cells. */
abstract class EnvelopeRingEnqueue extends EnvelopeRingLeftPad {
    volatile long enqueuePosition;
}

/** Keeps the two positions on separate cache lines: producers and consumers are different threads. */
abstract class EnvelopeRingMidPad extends EnvelopeRingEnqueue {
    long p10, p11, p12, p13, p14, p15, p16, p17;
}

/** Where consumers (threads sending messages) claim cells. */
abstract class EnvelopeRingDequeue extends EnvelopeRingMidPad {
    volatile long dequeuePosition;
}
