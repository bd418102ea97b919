package io.github.rota.dispatcher.workstealing;

import io.github.rota.spi.dispatch.Schedulable;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A worker's bounded run queue: one owner pushes at the tail and pops at the head (FIFO, so a
 * yielded actor waits behind the others); any number of thieves take half from the head.
 *
 * <p>Positions are ever-increasing longs ({@code index & MASK} picks the slot), so CAS on
 * {@code head} has no ABA problem. {@code head} moves only by CAS (owner pop or steal);
 * {@code tail} is written only by the owner.
 *
 * <p>Memory ordering: the owner writes a slot plainly, then publishes it with a release store of
 * {@code tail}; a thief loads {@code tail} with acquire before reading slots. A thief copies the
 * slots of the range it wants, then claims the range with a CAS on {@code head}: if the CAS fails,
 * someone moved {@code head} and the copy is discarded. The owner never overwrites a slot in
 * {@code [head, tail)}: it checks capacity against a fresh volatile read of {@code head}, and a
 * stale (smaller) head only makes it see the ring as fuller than it is.
 *
 * <p>Invariants ({@code LocalRingTest}): FIFO for the owner ({@code ownerPopsInPushOrder}); a
 * push to a full ring fails and changes nothing ({@code aFullRingRefusesPushes}); a steal takes
 * ceil(n/2) of the oldest ({@code stealTakesTheOlderHalfRoundedUp}); under concurrent owner pops
 * and steals every element is taken exactly once
 * ({@code concurrentPopsAndStealsTakeEveryElementExactlyOnce}).
 */
final class LocalRing extends LocalRingTail {

    /** Fits in L1 with room to spare; Tokio and GoAkt use the same size. */
    static final int CAPACITY = 256;
    private static final int MASK = CAPACITY - 1;

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

    private final Schedulable[] slots = new Schedulable[CAPACITY];
    // Trailing padding: keeps the next object in memory off the tail's cache line.
    long p10, p11, p12, p13, p14, p15, p16, p17;

    /** Owner only. @return {@code false} if the ring is full; nothing changed */
    boolean push(Schedulable schedulable) {
        long t = (long) TAIL.getOpaque(this); // own field
        if (t - (long) HEAD.getVolatile(this) >= CAPACITY) {
            return false;
        }
        slots[(int) (t & MASK)] = schedulable;
        TAIL.setRelease(this, t + 1);
        return true;
    }

    /** Owner only. @return the oldest element, or {@code null} if empty */
    Schedulable pop() {
        long t = (long) TAIL.getOpaque(this);
        while (true) {
            long h = (long) HEAD.getVolatile(this);
            if (h >= t) {
                return null;
            }
            Schedulable s = slots[(int) (h & MASK)];
            if (HEAD.compareAndSet(this, h, h + 1)) {
                return s;
            }
        }
    }

    /**
     * Thief: moves the older half (rounded up) of this ring to the tail of {@code into}, which must
     * be the calling thief's own, empty ring. The thief then pops the oldest stolen element.
     *
     * @return how many elements moved; 0 if this ring was empty
     */
    int stealHalfInto(LocalRing into) {
        long intoTail = (long) TAIL.getOpaque(into); // the thief's own ring
        while (true) {
            long h = (long) HEAD.getVolatile(this);
            long t = (long) TAIL.getAcquire(this);
            long available = t - h;
            if (available <= 0) {
                return 0;
            }
            if (available > CAPACITY) {
                continue; // head moved between our two reads; read again
            }
            int take = (int) ((available + 1) / 2);
            for (int i = 0; i < take; i++) {
                into.slots[(int) ((intoTail + i) & MASK)] = slots[(int) ((h + i) & MASK)];
            }
            if (HEAD.compareAndSet(this, h, h + take)) {
                TAIL.setRelease(into, intoTail + take);
                return take;
            }
        }
    }

    /** Any thread; may lag. @return elements in the ring */
    int size() {
        long t = (long) TAIL.getAcquire(this);
        long h = (long) HEAD.getVolatile(this);
        return (int) Math.max(0, Math.min(CAPACITY, t - h));
    }

    /** Any thread. */
    boolean isEmpty() {
        return size() == 0;
    }
}

/** Padding before {@code head}: two rings are small objects, often allocated side by side. */
abstract class LocalRingLeftPad {
    long p00, p01, p02, p03, p04, p05, p06, p07;
}

/** {@code head}: moved by CAS by the owner (pop) and thieves (steal). */
abstract class LocalRingHead extends LocalRingLeftPad {
    volatile long head;
}

/** Padding between {@code head} and {@code tail}: thieves hammer head, the owner writes tail. */
abstract class LocalRingMidPad extends LocalRingHead {
    long p20, p21, p22, p23, p24, p25, p26, p27;
}

/** {@code tail}: written only by the owner. */
abstract class LocalRingTail extends LocalRingMidPad {
    volatile long tail;
}
