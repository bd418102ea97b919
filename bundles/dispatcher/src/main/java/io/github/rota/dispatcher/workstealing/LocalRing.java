package io.github.rota.dispatcher.workstealing;

import io.github.rota.spi.dispatch.Schedulable;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A worker's bounded run queue: one owner pushes at the tail and pops at the head (FIFO, so a
 * yielded actor waits behind the others); any number of thieves take half from the head.
 *
 * <p>Positions are ever-increasing longs ({@code index & mask} picks the slot), so CAS on
 * {@code head} has no ABA problem. {@code head} moves only by CAS (owner pop or steal);
 * {@code tail} is written only by the owner.
 *
 * <p>Memory ordering: the owner writes a slot plainly, then publishes it with a release store of
 * {@code tail}; a thief loads {@code tail} with acquire before reading slots. A thief copies the
 * slots of the range it wants, then claims the range with a CAS on {@code head}: if the CAS fails,
 * someone moved {@code head} and the copy is discarded. The owner never overwrites a slot in
 * {@code [head, tail)}: it checks capacity against a fresh volatile read of {@code head}, and a
 * stale (smaller) head only makes it see the ring as fuller than it is. Accessors are named for
 * their ordering (see the package comment).
 *
 * <p>Invariants ({@code LocalRingTest}; jcstress {@code LocalRingPopVersusStealTest},
 * {@code LocalRingFullPushVersusStealTest}, {@code LocalRingWrapStealTest}): FIFO for the owner; a
 * push to a full ring fails and changes nothing; a steal takes ceil(n/2) of the oldest; under
 * concurrent owner pushes, pops and steals every element is taken exactly once, across the wrap; an
 * element that left the ring is not referenced by it once its owner has popped past it or found the
 * ring empty ({@code aPoppedActorIsNoLongerReferencedByTheRing},
 * {@code actorsStolenFromTheRingAreLetGoOnceItsOwnerFindsItEmpty}).
 */
final class LocalRing extends LocalRingEndPad {

    /** Fits in L1 with room to spare; Tokio and GoAkt use the same size. */
    static final int DEFAULT_CAPACITY = 256;

    private static final VarHandle HEAD;
    private static final VarHandle TAIL;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            HEAD = lookup.findVarHandle(LocalRingHead.class, "head", long.class);
            TAIL = lookup.findVarHandle(LocalRingTail.class, "tail", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    LocalRing() {
        this(DEFAULT_CAPACITY);
    }

    /** @param capacity a power of two; tests use tiny rings so that races reach full and wrapped rings */
    LocalRing(int capacity) {
        super(capacity);
    }

    int capacity() {
        return slots.length;
    }

    /** Owner only. @return {@code false} if the ring is full; nothing changed */
    boolean push(Schedulable schedulable) {
        long t = loTail();
        if (t - lvHead() >= slots.length) {
            return false;
        }
        slots[(int) (t & mask)] = schedulable;
        soTail(t + 1);
        return true;
    }

    /** Owner only. @return the oldest element, or {@code null} if empty */
    Schedulable pop() {
        long t = loTail();
        while (true) {
            long h = lvHead();
            if (h >= t) {
                forgetBelow(h, t); // what thieves took since the last pop
                return null;
            }
            Schedulable s = slots[(int) (h & mask)];
            if (casHead(h, h + 1)) {
                forgetBelow(h + 1, t);
                return s;
            }
        }
    }

    /**
     * Owner only: clears the slots of positions below {@code head} (popped, or stolen), so that an
     * actor that left the ring is not kept reachable by it. Only the owner may: a thief's slots, once
     * its CAS has moved {@code head}, can be filled again by the owner at any moment. A thief still
     * copying a cleared slot holds a stale {@code head}, so its CAS fails and the copy is discarded.
     * Positions within one capacity of {@code tail} are skipped: their slots may hold live actors again.
     */
    private void forgetBelow(long head, long tail) {
        for (long p = Math.max(forgottenBelow, tail - slots.length); p < head; p++) {
            slots[(int) (p & mask)] = null;
        }
        forgottenBelow = head;
    }

    /**
     * Thief: moves the older half (rounded up) of this ring to the tail of {@code into}, which must
     * be the calling thief's own, empty ring of the same capacity. The thief then pops the oldest
     * stolen element.
     *
     * @return how many elements moved; 0 if this ring was empty
     */
    int stealHalfInto(LocalRing into) {
        long intoTail = into.loTail();
        while (true) {
            long h = lvHead();
            long t = laTail();
            long available = t - h;
            if (available <= 0) {
                return 0;
            }
            if (available > slots.length) {
                continue; // head moved between our two reads; read again
            }
            int take = (int) ((available + 1) / 2);
            for (int i = 0; i < take; i++) {
                into.slots[(int) ((intoTail + i) & into.mask)] = slots[(int) ((h + i) & mask)];
            }
            if (casHead(h, h + take)) {
                into.soTail(intoTail + take);
                return take;
            }
        }
    }

    /** Any thread; may lag. @return elements in the ring */
    int size() {
        long t = laTail();
        long h = lvHead();
        return (int) Math.max(0, Math.min(slots.length, t - h));
    }

    /** Any thread; may lag. @return the position of the oldest element: everything below it has left the ring */
    long headPosition() {
        return lvHead();
    }

    /** Any thread; may lag. @return the position the next push fills: everything below it has entered the ring */
    long tailPosition() {
        return laTail();
    }

    /** Any thread. */
    boolean isEmpty() {
        return size() == 0;
    }

    private long lvHead() {
        return (long) HEAD.getVolatile(this);
    }

    private boolean casHead(long expect, long update) {
        return HEAD.compareAndSet(this, expect, update);
    }

    /** The owner's read of its own tail: nobody else writes it. */
    private long loTail() {
        return (long) TAIL.getOpaque(this);
    }

    private long laTail() {
        return (long) TAIL.getAcquire(this);
    }

    private void soTail(long tail) {
        TAIL.setRelease(this, tail);
    }
}

// Layout, by writer (padded as the package comment says): the read-only fields, then
// head (owner and thieves, CAS), then tail (owner only), each with a cache line of padding around it.

abstract class LocalRingSlots {
    final Schedulable[] slots;
    final int mask;

    LocalRingSlots(int capacity) {
        if (capacity < 2 || Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("ring capacity must be a power of two of at least 2: " + capacity);
        }
        this.slots = new Schedulable[capacity];
        this.mask = capacity - 1;
    }
}

abstract class LocalRingHeadPad extends LocalRingSlots {
    byte p000, p001, p002, p003, p004, p005, p006, p007, p080, p081, p082, p083, p084, p085, p086, p087;
    byte p010, p011, p012, p013, p014, p015, p016, p017, p090, p091, p092, p093, p094, p095, p096, p097;
    byte p020, p021, p022, p023, p024, p025, p026, p027, p0a0, p0a1, p0a2, p0a3, p0a4, p0a5, p0a6, p0a7;
    byte p030, p031, p032, p033, p034, p035, p036, p037, p0b0, p0b1, p0b2, p0b3, p0b4, p0b5, p0b6, p0b7;
    byte p040, p041, p042, p043, p044, p045, p046, p047, p0c0, p0c1, p0c2, p0c3, p0c4, p0c5, p0c6, p0c7;
    byte p050, p051, p052, p053, p054, p055, p056, p057, p0d0, p0d1, p0d2, p0d3, p0d4, p0d5, p0d6, p0d7;
    byte p060, p061, p062, p063, p064, p065, p066, p067, p0e0, p0e1, p0e2, p0e3, p0e4, p0e5, p0e6, p0e7;
    byte p070, p071, p072, p073, p074, p075, p076, p077, p0f0, p0f1, p0f2, p0f3, p0f4, p0f5, p0f6, p0f7;

    LocalRingHeadPad(int capacity) {
        super(capacity);
    }
}

/**
 * {@code head}: moved by CAS by the owner (pop) and thieves (steal); beside it the owner's
 * {@code forgottenBelow}, written right after the owner's own CAS of {@code head}, while it holds the line.
 */
abstract class LocalRingHead extends LocalRingHeadPad {
    volatile long head;
    /** Owner only: the slots of every position below this hold no reference. */
    long forgottenBelow;

    LocalRingHead(int capacity) {
        super(capacity);
    }
}

abstract class LocalRingTailPad extends LocalRingHead {
    byte p100, p101, p102, p103, p104, p105, p106, p107, p180, p181, p182, p183, p184, p185, p186, p187;
    byte p110, p111, p112, p113, p114, p115, p116, p117, p190, p191, p192, p193, p194, p195, p196, p197;
    byte p120, p121, p122, p123, p124, p125, p126, p127, p1a0, p1a1, p1a2, p1a3, p1a4, p1a5, p1a6, p1a7;
    byte p130, p131, p132, p133, p134, p135, p136, p137, p1b0, p1b1, p1b2, p1b3, p1b4, p1b5, p1b6, p1b7;
    byte p140, p141, p142, p143, p144, p145, p146, p147, p1c0, p1c1, p1c2, p1c3, p1c4, p1c5, p1c6, p1c7;
    byte p150, p151, p152, p153, p154, p155, p156, p157, p1d0, p1d1, p1d2, p1d3, p1d4, p1d5, p1d6, p1d7;
    byte p160, p161, p162, p163, p164, p165, p166, p167, p1e0, p1e1, p1e2, p1e3, p1e4, p1e5, p1e6, p1e7;
    byte p170, p171, p172, p173, p174, p175, p176, p177, p1f0, p1f1, p1f2, p1f3, p1f4, p1f5, p1f6, p1f7;

    LocalRingTailPad(int capacity) {
        super(capacity);
    }
}

/** {@code tail}: written only by the owner. */
abstract class LocalRingTail extends LocalRingTailPad {
    volatile long tail;

    LocalRingTail(int capacity) {
        super(capacity);
    }
}

/** Keeps whatever is allocated next off the tail's line. */
abstract class LocalRingEndPad extends LocalRingTail {
    byte p200, p201, p202, p203, p204, p205, p206, p207, p280, p281, p282, p283, p284, p285, p286, p287;
    byte p210, p211, p212, p213, p214, p215, p216, p217, p290, p291, p292, p293, p294, p295, p296, p297;
    byte p220, p221, p222, p223, p224, p225, p226, p227, p2a0, p2a1, p2a2, p2a3, p2a4, p2a5, p2a6, p2a7;
    byte p230, p231, p232, p233, p234, p235, p236, p237, p2b0, p2b1, p2b2, p2b3, p2b4, p2b5, p2b6, p2b7;
    byte p240, p241, p242, p243, p244, p245, p246, p247, p2c0, p2c1, p2c2, p2c3, p2c4, p2c5, p2c6, p2c7;
    byte p250, p251, p252, p253, p254, p255, p256, p257, p2d0, p2d1, p2d2, p2d3, p2d4, p2d5, p2d6, p2d7;
    byte p260, p261, p262, p263, p264, p265, p266, p267, p2e0, p2e1, p2e2, p2e3, p2e4, p2e5, p2e6, p2e7;
    byte p270, p271, p272, p273, p274, p275, p276, p277, p2f0, p2f1, p2f2, p2f3, p2f4, p2f5, p2f6, p2f7;

    LocalRingEndPad(int capacity) {
        super(capacity);
    }
}
