package io.github.rota.dispatcher.workstealing;

import io.github.rota.spi.dispatch.DispatcherCounter;
import io.github.rota.spi.dispatch.Schedulable;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.List;

/**
 * One worker's local queue, its owner's side: the bounded {@link LocalRing}, the next-actor slot,
 * and the state other threads read to steal from the worker or wake it (its {@link Sibling} side).
 * Only the thread running the worker calls the methods that are not on {@link Sibling}; the
 * owner changes threads only through a hand-over that publishes everything here (a volatile
 * write of the new thread's worker, or {@code Thread.start}).
 *
 * <p>Next-actor slot: thieves only ever take a non-null slot (by CAS), so an empty slot stays
 * empty until the owner fills it, and the owner may fill it with a release store.
 *
 * <p>Park state ({@code parkState}): AWAKE → SLEEPING (the owner, about to park) → WOKEN (a notifier's
 * CAS: it has counted the worker as a searcher) → AWAKE (the owner takes the wake-up up, as a
 * searcher), or SLEEPING → AWAKE (the owner's CAS, cancelling its park). WOKEN stays until the owner
 * has recorded itself as searching, so a thread that dies in between leaves a state from which the
 * searcher the notifier counted is given back ({@code IdleTest}).
 *
 * <p>Layout, by writer: read-only fields first; then the turn epoch (owner writes, thieves and
 * the probe read), the next slot (owner and thieves), the park state (owner and notifiers),
 * each on a cache line of its own; the owner's take bookkeeping and linger slots last. The padding is
 * {@code byte} fields, 128 to a class (two cache lines, for the adjacent-line prefetcher), as
 * JCTools lays out its queues: since JDK 15 the JVM packs a
 * subclass's small fields into gaps its superclasses left, which defeats {@code long} padding
 * (a {@code boolean} lands in the gap before the next {@code long}); bytes fill every gap
 * themselves. Each shared value has a class of its own, between two padding classes: within one
 * class the JVM places primitives before references, so padding declared beside a reference
 * would not follow it. The JVM may still move a few padding bytes into an alignment gap, so
 * {@code FieldLayoutTest} checks with JOL that at least a cache line separates each shared value
 * from every other field. The next slot's accessors are named for their ordering, as in JCTools:
 * {@code lv} volatile load, {@code so} release store, {@code cas}, {@code xchg}.
 */
final class LocalQueue extends LocalQueuePad4 implements Sibling {

    /**
     * Consecutive turns of actors from the next slot or the linger slots before the ring must get
     * one: half the default throughput budget, so a volley on one worker gives way to the ring about
     * as often as one actor's full turn would. Tokio caps its LIFO slot at 3; here that made a worker
     * hosting two volleys switch between them every third message, letting go and queueing both
     * actors each time (four pairs on two workers ran 14.5 M msgs/s with 3 and 20.3 M with 16).
     */
    static final int MAX_LOCAL_STREAK = 16;
    /**
     * Actors a worker keeps after turns that drained them ("lingering"): two hold one volley, a
     * request and its reply, on the worker with no scheduling at all.
     */
    static final int LINGER_SLOTS = 2;
    /** Every this many takes, the global queue goes first (Go and Tokio use 61: prime, cheap). */
    static final int GLOBAL_CHECK_INTERVAL = 61;

    private static final VarHandle NEXT;
    private static final VarHandle LINGER_0;
    private static final VarHandle LINGER_1;
    private static final VarHandle PARK_STATE;
    private static final VarHandle TURN_EPOCH;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            NEXT = lookup.findVarHandle(LocalQueueNextSlot.class, "next", Schedulable.class);
            LINGER_0 = lookup.findVarHandle(LocalQueueOwnerFields.class, "linger0", Schedulable.class);
            LINGER_1 = lookup.findVarHandle(LocalQueueOwnerFields.class, "linger1", Schedulable.class);
            PARK_STATE = lookup.findVarHandle(LocalQueueParkState.class, "parkState", int.class);
            TURN_EPOCH = lookup.findVarHandle(LocalQueueTurnEpoch.class, "turnEpoch", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * @param index the worker's position in the pool
     * @param workerCount workers in the pool: the owner keeps what it last saw of each sibling
     * @param ringCapacity the ring's size, a power of two
     */
    LocalQueue(int index, int workerCount, int ringCapacity) {
        super(index, workerCount, new LocalRing(ringCapacity));
    }

    // ---------------------------------------------------------------- the siblings' side

    @Override
    public int index() {
        return index;
    }

    @Override
    public int stealHalfInto(LocalRing thiefRing) {
        return ring.stealHalfInto(thiefRing);
    }

    @Override
    public Schedulable stealNextSlot() {
        Schedulable s = lvNext();
        return s != null && casNext(s, null) ? s : null;
    }

    @Override
    public boolean hasNextSlot() {
        return lvNext() != null;
    }

    @Override
    public Schedulable takeLingering(int slot) {
        Schedulable s = lvLinger(slot);
        return s != null && casLinger(slot, s, null) ? s : null;
    }

    @Override
    public boolean hasWorkToSteal() {
        return !ring.isEmpty();
    }

    @Override
    public int queueDepth() {
        return ring.size() + (hasNextSlot() ? 1 : 0);
    }

    @Override
    public long turnEpoch() {
        return (long) TURN_EPOCH.getOpaque(this);
    }

    @Override
    public Schedulable running() {
        return running;
    }

    @Override
    public boolean isSleeping() {
        return lvParkState() == SLEEPING;
    }

    @Override
    public boolean claimWake() {
        return isSleeping() && casParkState(SLEEPING, WOKEN);
    }

    @Override
    public Thread thread() {
        return thread;
    }

    @Override
    public long counter(DispatcherCounter counter) {
        return counters.get(counter);
    }

    // ---------------------------------------------------------------- the owner's side

    /** The thread that runs the worker from now on: set before it can park, read by notifiers. */
    void bind(Thread owner) {
        thread = owner;
    }

    WorkerCounters counters() {
        return counters;
    }

    /** Steals half of {@code victim}'s ring into this, empty, ring. @return how many actors moved */
    int stealHalfFrom(Sibling victim) {
        return victim.stealHalfInto(ring);
    }

    /** @return {@code false} if the ring is full; nothing changed */
    boolean pushToRing(Schedulable s) {
        return ring.push(s);
    }

    Schedulable popRing() {
        return ring.pop();
    }

    boolean ringIsEmpty() {
        return ring.isEmpty();
    }

    int ringSize() {
        return ring.size();
    }

    int ringCapacity() {
        return ring.capacity();
    }

    /** @return whether this take must look at the global queue first (every {@value #GLOBAL_CHECK_INTERVAL}th) */
    boolean globalCheckDue() {
        if (--takesUntilGlobalCheck == 0) {
            takesUntilGlobalCheck = GLOBAL_CHECK_INTERVAL;
            return true;
        }
        return false;
    }

    /** @return the next-slot actor, taken by CAS; {@code null} if the slot was empty or lost to a thief */
    Schedulable takeNextSlot() {
        Schedulable s = lvNext();
        return s != null && casNext(s, null) ? s : null;
    }

    /** @return whether {@code s} was in the next slot and is taken out of it (by CAS: a thief may race) */
    boolean takeNextSlotIf(Schedulable s) {
        return lvNext() == s && casNext(s, null);
    }

    /**
     * @return {@code true} if {@value #MAX_LOCAL_STREAK} turns from the next slot or the linger slots
     *         ran in a row while the ring holds actors: the ring gets the next turn, and the streak
     *         ends, so two actors volleying cannot starve the ring
     */
    boolean localStreakSpent() {
        if (localStreak >= MAX_LOCAL_STREAK && !ring.isEmpty()) {
            localStreak = 0;
            return true;
        }
        return false;
    }

    /** A turn from the next slot or a linger slot is about to run. */
    void countLocalTurn() {
        if (localStreak < MAX_LOCAL_STREAK) {
            localStreak++;
        }
    }

    /**
     * @return {@code true} if {@value #MAX_LOCAL_STREAK} lingering actors were resumed in a row while
     *         an actor waits in the next slot: the next slot gets the next turn, so two actors
     *         volleying in the linger slots cannot starve it
     */
    boolean lingerStreakSpent() {
        return lingerStreak >= MAX_LOCAL_STREAK && lvNext() != null;
    }

    /** A lingering actor is resumed ({@code true}) or the next slot runs ({@code false}). */
    void countLingerResume(boolean resumed) {
        lingerStreak = resumed ? Math.min(lingerStreak + 1, MAX_LOCAL_STREAK) : 0;
    }

    /** The take went past the next slot and the linger slots (nothing there): the streak ends. */
    void endLocalStreak() {
        localStreak = 0;
    }

    // ---------------------------------------------------------------- lingering actors (owner)

    /** @return whether a linger slot is free */
    boolean hasLingerRoom() {
        return lvLinger(0) == null || lvLinger(1) == null;
    }

    /**
     * Keeps {@code s}, whose turn has returned lingering, in a free slot. Only the owner fills a slot,
     * so a release store publishes the actor (and its last turn's writes) to whoever takes it next.
     */
    void putLingering(Schedulable s) {
        soLinger(lvLinger(0) == null ? 0 : 1, s);
    }

    /** @return a lingering actor that has work now, taken from its slot by CAS (the probe may race for it); or {@code null} */
    Schedulable claimLingeringWithWork() {
        for (int slot = 0; slot < LINGER_SLOTS; slot++) {
            Schedulable s = lvLinger(slot);
            if (s != null && s.hasWork() && casLinger(slot, s, null)) {
                return s;
            }
        }
        return null;
    }

    /** @return whether {@code s} was in a linger slot and is taken out of it (by CAS: the probe may race) */
    boolean takeLingeringIf(Schedulable s) {
        for (int slot = 0; slot < LINGER_SLOTS; slot++) {
            if (lvLinger(slot) == s && casLinger(slot, s, null)) {
                return true;
            }
        }
        return false;
    }

    /** @return whether some lingering actor has work now */
    boolean hasLingeringWithWork() {
        for (int slot = 0; slot < LINGER_SLOTS; slot++) {
            Schedulable s = lvLinger(slot);
            if (s != null && s.hasWork()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Puts {@code s} in the next slot.
     *
     * @return the actor it displaced, which the caller must queue; {@code null} if the slot was empty
     */
    Schedulable putNextSlot(Schedulable s) {
        if (lvNext() == null) {
            soNext(s); // nobody else fills an empty slot: a release store publishes the actor
            return null;
        }
        return xchgNext(s);
    }

    /** @return the next-slot actor, taken unconditionally; {@code null} if none */
    Schedulable clearNextSlot() {
        return xchgNext(null);
    }

    /** AWAKE → SLEEPING: the first half of the park handshake (a volatile store). */
    void setSleeping() {
        PARK_STATE.setVolatile(this, SLEEPING);
    }

    /** SLEEPING → AWAKE, unless a notifier claimed the worker first. @return {@code true} if this call cancelled the sleep */
    boolean cancelSleep() {
        return casParkState(SLEEPING, AWAKE);
    }

    /** {@return whether a notifier has woken the worker, and it has not yet taken the wake-up up} */
    boolean isWoken() {
        return lvParkState() == WOKEN;
    }

    /**
     * WOKEN → AWAKE: the worker counts itself as a searcher, as the notifier counted it. Recorded
     * before the state leaves WOKEN: at every moment one of the two says so.
     */
    void takeUpWake() {
        searching = true;
        PARK_STATE.setOpaque(this, AWAKE); // nobody else writes a WOKEN state
    }

    /** After the owner's thread died: AWAKE, whatever the state was (the caller settled the accounts). */
    void wakeAfterDeath() {
        PARK_STATE.setVolatile(this, AWAKE);
    }

    /** The owner's read of its own epoch. */
    long ownTurnEpoch() {
        return turnEpoch;
    }

    /** Moves the epoch on by one: odd (a turn started) or even (it ended). */
    void advanceTurnEpoch() {
        TURN_EPOCH.setOpaque(this, turnEpoch + 1);
    }

    /**
     * Whether {@code victim}'s next slot is full and the victim has started no turn for
     * {@code staleNanos} ({@link #startedNoTurnFor}). Reads the clock when the slot is full, so only
     * searchers call it, never a turn.
     */
    boolean nextSlotIsStale(Sibling victim, long staleNanos) {
        return victim.hasNextSlot() && startedNoTurnFor(victim, staleNanos, System.nanoTime());
    }

    /**
     * Whether, at {@code now}, this worker has seen {@code victim} start no turn for {@code nanos}:
     * its turn epoch the same at every look since one at least {@code nanos} ago. A look that finds
     * a new epoch records it and when, and answers {@code false}; so the first look at a sibling
     * never does.
     */
    boolean startedNoTurnFor(Sibling victim, long nanos, long now) {
        long epoch = victim.turnEpoch();
        int v = victim.index();
        if (epoch != seenEpoch[v]) {
            seenEpoch[v] = epoch;
            seenAtNanos[v] = now;
            return false;
        }
        return now - seenAtNanos[v] >= nanos;
    }

    /** After the owner's thread ended: everything still queued here, and the lingering actors that have work. */
    void drainInto(List<Schedulable> out) {
        Schedulable s = clearNextSlot();
        if (s != null) {
            out.add(s);
        }
        for (int slot = 0; slot < LINGER_SLOTS; slot++) {
            s = takeLingering(slot);
            if (s != null && s.releaseLingering()) {
                out.add(s);
            }
        }
        for (s = ring.pop(); s != null; s = ring.pop()) {
            out.add(s);
        }
    }

    private int lvParkState() {
        return (int) PARK_STATE.getVolatile(this);
    }

    private boolean casParkState(int expect, int update) {
        return PARK_STATE.compareAndSet(this, expect, update);
    }

    private Schedulable lvNext() {
        return (Schedulable) NEXT.getVolatile(this);
    }

    private void soNext(Schedulable s) {
        NEXT.setRelease(this, s);
    }

    private boolean casNext(Schedulable expect, Schedulable update) {
        return NEXT.compareAndSet(this, expect, update);
    }

    private Schedulable xchgNext(Schedulable s) {
        return (Schedulable) NEXT.getAndSet(this, s);
    }

    private Schedulable lvLinger(int slot) {
        return (Schedulable) (slot == 0 ? LINGER_0.getVolatile(this) : LINGER_1.getVolatile(this));
    }

    private void soLinger(int slot, Schedulable s) {
        if (slot == 0) {
            LINGER_0.setRelease(this, s);
        } else {
            LINGER_1.setRelease(this, s);
        }
    }

    private boolean casLinger(int slot, Schedulable expect, Schedulable update) {
        return slot == 0 ? LINGER_0.compareAndSet(this, expect, update) : LINGER_1.compareAndSet(this, expect, update);
    }
}

/** Read-only after construction, read by everyone; {@code thread} changes only when a worker changes threads. */
abstract class LocalQueueFields {
    final int index;
    final LocalRing ring;
    final WorkerCounters counters = new WorkerCounters();
    /**
     * Owner-only, per sibling: the turn epoch it had when the owner last saw its next slot full
     * with a different epoch, and when. Unchanged for long enough: stuck.
     */
    final long[] seenEpoch;
    final long[] seenAtNanos;
    volatile Thread thread;

    LocalQueueFields(int index, int workerCount, LocalRing ring) {
        this.index = index;
        this.ring = ring;
        this.seenEpoch = new long[workerCount];
        this.seenAtNanos = new long[workerCount];
        Arrays.fill(seenEpoch, -1); // epochs start at 0
    }
}

abstract class LocalQueuePad0 extends LocalQueueFields {
    byte p000, p001, p002, p003, p004, p005, p006, p007, p080, p081, p082, p083, p084, p085, p086, p087;
    byte p010, p011, p012, p013, p014, p015, p016, p017, p090, p091, p092, p093, p094, p095, p096, p097;
    byte p020, p021, p022, p023, p024, p025, p026, p027, p0a0, p0a1, p0a2, p0a3, p0a4, p0a5, p0a6, p0a7;
    byte p030, p031, p032, p033, p034, p035, p036, p037, p0b0, p0b1, p0b2, p0b3, p0b4, p0b5, p0b6, p0b7;
    byte p040, p041, p042, p043, p044, p045, p046, p047, p0c0, p0c1, p0c2, p0c3, p0c4, p0c5, p0c6, p0c7;
    byte p050, p051, p052, p053, p054, p055, p056, p057, p0d0, p0d1, p0d2, p0d3, p0d4, p0d5, p0d6, p0d7;
    byte p060, p061, p062, p063, p064, p065, p066, p067, p0e0, p0e1, p0e2, p0e3, p0e4, p0e5, p0e6, p0e7;
    byte p070, p071, p072, p073, p074, p075, p076, p077, p0f0, p0f1, p0f2, p0f3, p0f4, p0f5, p0f6, p0f7;

    LocalQueuePad0(int index, int workerCount, LocalRing ring) {
        super(index, workerCount, ring);
    }
}

/**
 * Incremented at the start and the end of every turn (owner), read by thieves and the starvation
 * probe; and what the turn runs, for the probe's long-turn reports only. {@code running} is a plain
 * field with no ordering against the epoch: the probe may read a stale, a later or no schedulable,
 * which costs a report its accuracy and nothing else (the probe only asks it for its name and the
 * message in hand).
 */
abstract class LocalQueueTurnEpoch extends LocalQueuePad0 {
    long turnEpoch;
    Schedulable running;

    LocalQueueTurnEpoch(int index, int workerCount, LocalRing ring) {
        super(index, workerCount, ring);
    }
}

abstract class LocalQueuePad1 extends LocalQueueTurnEpoch {
    byte p100, p101, p102, p103, p104, p105, p106, p107, p180, p181, p182, p183, p184, p185, p186, p187;
    byte p110, p111, p112, p113, p114, p115, p116, p117, p190, p191, p192, p193, p194, p195, p196, p197;
    byte p120, p121, p122, p123, p124, p125, p126, p127, p1a0, p1a1, p1a2, p1a3, p1a4, p1a5, p1a6, p1a7;
    byte p130, p131, p132, p133, p134, p135, p136, p137, p1b0, p1b1, p1b2, p1b3, p1b4, p1b5, p1b6, p1b7;
    byte p140, p141, p142, p143, p144, p145, p146, p147, p1c0, p1c1, p1c2, p1c3, p1c4, p1c5, p1c6, p1c7;
    byte p150, p151, p152, p153, p154, p155, p156, p157, p1d0, p1d1, p1d2, p1d3, p1d4, p1d5, p1d6, p1d7;
    byte p160, p161, p162, p163, p164, p165, p166, p167, p1e0, p1e1, p1e2, p1e3, p1e4, p1e5, p1e6, p1e7;
    byte p170, p171, p172, p173, p174, p175, p176, p177, p1f0, p1f1, p1f2, p1f3, p1f4, p1f5, p1f6, p1f7;

    LocalQueuePad1(int index, int workerCount, LocalRing ring) {
        super(index, workerCount, ring);
    }
}

/** Next-actor slot: owner and thieves. */
abstract class LocalQueueNextSlot extends LocalQueuePad1 {
    volatile Schedulable next;

    LocalQueueNextSlot(int index, int workerCount, LocalRing ring) {
        super(index, workerCount, ring);
    }
}

abstract class LocalQueuePad2 extends LocalQueueNextSlot {
    byte p200, p201, p202, p203, p204, p205, p206, p207, p280, p281, p282, p283, p284, p285, p286, p287;
    byte p210, p211, p212, p213, p214, p215, p216, p217, p290, p291, p292, p293, p294, p295, p296, p297;
    byte p220, p221, p222, p223, p224, p225, p226, p227, p2a0, p2a1, p2a2, p2a3, p2a4, p2a5, p2a6, p2a7;
    byte p230, p231, p232, p233, p234, p235, p236, p237, p2b0, p2b1, p2b2, p2b3, p2b4, p2b5, p2b6, p2b7;
    byte p240, p241, p242, p243, p244, p245, p246, p247, p2c0, p2c1, p2c2, p2c3, p2c4, p2c5, p2c6, p2c7;
    byte p250, p251, p252, p253, p254, p255, p256, p257, p2d0, p2d1, p2d2, p2d3, p2d4, p2d5, p2d6, p2d7;
    byte p260, p261, p262, p263, p264, p265, p266, p267, p2e0, p2e1, p2e2, p2e3, p2e4, p2e5, p2e6, p2e7;
    byte p270, p271, p272, p273, p274, p275, p276, p277, p2f0, p2f1, p2f2, p2f3, p2f4, p2f5, p2f6, p2f7;

    LocalQueuePad2(int index, int workerCount, LocalRing ring) {
        super(index, workerCount, ring);
    }
}

/** AWAKE, SLEEPING (parked or about to park) or WOKEN (claimed by a notifier's CAS); see {@link LocalQueue}. */
abstract class LocalQueueParkState extends LocalQueuePad2 {
    static final int AWAKE = 0;
    static final int SLEEPING = 1;
    static final int WOKEN = 2;

    volatile int parkState;

    LocalQueueParkState(int index, int workerCount, LocalRing ring) {
        super(index, workerCount, ring);
    }
}

abstract class LocalQueuePad3 extends LocalQueueParkState {
    byte p300, p301, p302, p303, p304, p305, p306, p307, p380, p381, p382, p383, p384, p385, p386, p387;
    byte p310, p311, p312, p313, p314, p315, p316, p317, p390, p391, p392, p393, p394, p395, p396, p397;
    byte p320, p321, p322, p323, p324, p325, p326, p327, p3a0, p3a1, p3a2, p3a3, p3a4, p3a5, p3a6, p3a7;
    byte p330, p331, p332, p333, p334, p335, p336, p337, p3b0, p3b1, p3b2, p3b3, p3b4, p3b5, p3b6, p3b7;
    byte p340, p341, p342, p343, p344, p345, p346, p347, p3c0, p3c1, p3c2, p3c3, p3c4, p3c5, p3c6, p3c7;
    byte p350, p351, p352, p353, p354, p355, p356, p357, p3d0, p3d1, p3d2, p3d3, p3d4, p3d5, p3d6, p3d7;
    byte p360, p361, p362, p363, p364, p365, p366, p367, p3e0, p3e1, p3e2, p3e3, p3e4, p3e5, p3e6, p3e7;
    byte p370, p371, p372, p373, p374, p375, p376, p377, p3f0, p3f1, p3f2, p3f3, p3f4, p3f5, p3f6, p3f7;

    LocalQueuePad3(int index, int workerCount, LocalRing ring) {
        super(index, workerCount, ring);
    }
}

/**
 * The owner's take and search bookkeeping (read and written by {@link Worker} and {@code RunQueues}),
 * written on every take, and the linger slots: the owner fills and empties them on every local turn,
 * the starvation probe takes from them only behind a long turn, so they share the owner's line rather
 * than the next slot's, which searching thieves read.
 */
abstract class LocalQueueOwnerFields extends LocalQueuePad3 {
    volatile Schedulable linger0;
    volatile Schedulable linger1;
    int takesUntilGlobalCheck = LocalQueue.GLOBAL_CHECK_INTERVAL;
    int localStreak;
    /** Lingering actors resumed in a row while the next slot waits. */
    int lingerStreak;
    /** The running turn's actor may linger: it goes into a linger slot once its turn returns. */
    boolean lingerAccepted;
    /** The worker counts as a searcher in the idle set. */
    boolean searching;
    /** The worker was woken by a notifier and has not run a turn since. */
    boolean woken;

    LocalQueueOwnerFields(int index, int workerCount, LocalRing ring) {
        super(index, workerCount, ring);
    }
}

/** Keeps whatever is allocated next off the owner's line. */
abstract class LocalQueuePad4 extends LocalQueueOwnerFields {
    byte p400, p401, p402, p403, p404, p405, p406, p407, p480, p481, p482, p483, p484, p485, p486, p487;
    byte p410, p411, p412, p413, p414, p415, p416, p417, p490, p491, p492, p493, p494, p495, p496, p497;
    byte p420, p421, p422, p423, p424, p425, p426, p427, p4a0, p4a1, p4a2, p4a3, p4a4, p4a5, p4a6, p4a7;
    byte p430, p431, p432, p433, p434, p435, p436, p437, p4b0, p4b1, p4b2, p4b3, p4b4, p4b5, p4b6, p4b7;
    byte p440, p441, p442, p443, p444, p445, p446, p447, p4c0, p4c1, p4c2, p4c3, p4c4, p4c5, p4c6, p4c7;
    byte p450, p451, p452, p453, p454, p455, p456, p457, p4d0, p4d1, p4d2, p4d3, p4d4, p4d5, p4d6, p4d7;
    byte p460, p461, p462, p463, p464, p465, p466, p467, p4e0, p4e1, p4e2, p4e3, p4e4, p4e5, p4e6, p4e7;
    byte p470, p471, p472, p473, p474, p475, p476, p477, p4f0, p4f1, p4f2, p4f3, p4f4, p4f5, p4f6, p4f7;

    LocalQueuePad4(int index, int workerCount, LocalRing ring) {
        super(index, workerCount, ring);
    }
}
