package io.github.rota.dispatcher.workstealing;

import io.github.rota.api.DispatcherError;
import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.Schedulable;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One worker thread of a {@link WorkStealingDispatcher}: it takes ready actors in the order
 * next-actor slot → local ring → global queue → steal → park (the global queue first on every
 * {@value #GLOBAL_CHECK_INTERVAL}th take, so a backlog there cannot starve), and runs one turn of
 * each.
 *
 * <p>Next-actor slot: when code running on this worker makes an actor ready, that actor goes in
 * {@code next} (the previous occupant moves to the ring's tail), so request/reply runs hot on one
 * core with no wake-up. At most {@value #MAX_NEXT_SLOT_STREAK} next-slot turns run in a row while
 * the ring holds actors, so two actors volleying cannot starve them. A thief takes a sibling's slot
 * only when that sibling has started no turn for {@value #STALE_NEXT_SLOT_NANOS} ns (it is stuck in
 * a long turn, not about to run the actor; Go waits 3 µs too): a thief that took the slot of a busy
 * worker would drag a request/reply pair across cores. When no sibling is searching, the
 * {@link StarvationProbe} rescues a slot stuck behind a long turn, so it can never wedge.
 *
 * <p>Threads: the owner is the {@link WorkerThread} running this worker now — one at a time; a
 * worker changes threads when its turn blocks ({@link WorkStealingDispatcher#blocking}) or its
 * thread dies, and the hand-over (a volatile write of the new thread's {@code worker}, or
 * {@code Thread.start}) publishes the owner-only fields. Everything here is owner-only except
 * {@code next} (owner and thieves, CAS), {@code sleeping} (owner and notifiers, CAS),
 * {@code turnEpoch} (read by thieves and the starvation probe), {@code thread} (read by notifiers
 * to unpark it), the ring's steal side and the counters' reads. Each of the shared fields has a
 * cache line of its own, away from the owner-only ones that change on every turn.
 */
final class Worker extends WorkerSleeping {

    /** Consecutive next-slot turns before the ring must get one (Tokio uses 3 too). */
    static final int MAX_NEXT_SLOT_STREAK = 3;
    /**
     * Search rounds (steal + global poll) a searching worker makes before it parks: the first
     * {@value #SPIN_ROUNDS} spin, the rest yield the core. A wake-up through the kernel costs
     * several microseconds, more than most gaps between messages. Measured with the bench runner on
     * 2 cores: no search rounds → 32 spinning rounds took pingpong-pairs from 2.5 to 8.8 M msgs/s;
     * 32 more yielding rounds took ask-latency's median from 12 to 4-5 µs (the asking thread gets
     * the core it needs to send the next question); spinning longer instead made ask-latency worse.
     */
    static final int SEARCH_ROUNDS_BEFORE_PARKING = 64;
    /** Of those, the rounds that spin ({@link Thread#onSpinWait}) before the rest yield. */
    static final int SPIN_ROUNDS = 32;
    /** Every this many takes, the global queue goes first (Go and Tokio use 61: prime, cheap). */
    static final int GLOBAL_CHECK_INTERVAL = 61;
    /** How long a sibling's next slot must stay full with no new turn before a thief takes it. */
    static final long STALE_NEXT_SLOT_NANOS = 3_000;

    private static final Logger LOG = LoggerFactory.getLogger(Worker.class);
    private static final VarHandle NEXT;
    private static final VarHandle SLEEPING;
    private static final VarHandle TURN_EPOCH;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            NEXT = lookup.findVarHandle(WorkerNextSlot.class, "next", Schedulable.class);
            SLEEPING = lookup.findVarHandle(WorkerSleeping.class, "sleeping", boolean.class);
            TURN_EPOCH = lookup.findVarHandle(WorkerTurnEpoch.class, "turnEpoch", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final int index;
    final LocalRing ring = new LocalRing();
    final WorkerCounters counters = new WorkerCounters();
    private final WorkStealingDispatcher pool;
    private final Idle idle;
    /** The thread running this worker: set by it before it can park, read by notifiers to unpark it. */
    private volatile Thread thread;
    /**
     * Owner-only, per sibling: the turn epoch it had when this worker last saw its next slot full
     * with a different epoch, and when. Unchanged for {@link #STALE_NEXT_SLOT_NANOS}: stuck.
     */
    private final long[] seenEpoch;
    private final long[] seenAtNanos;

    // Trailing padding: keeps the next object in memory off the sleeping flag's cache line.
    long p40, p41, p42, p43, p44, p45, p46, p47;

    Worker(int index, WorkStealingDispatcher pool, Idle idle) {
        this.index = index;
        this.pool = pool;
        this.idle = idle;
        this.seenEpoch = new long[pool.workers().length]; // the array exists; the workers are being made
        this.seenAtNanos = new long[seenEpoch.length];
        Arrays.fill(seenEpoch, -1); // epochs start at 0
    }

    /** Tests only: the thread a notifier would unpark, for a worker that never runs. */
    void bind(Thread thread) {
        this.thread = thread;
    }

    Thread thread() {
        return thread;
    }

    /**
     * Runs this worker on {@code owner} until the pool stops or {@code owner} hands it to another
     * thread (its turn blocked).
     */
    void runOn(WorkerThread owner) {
        thread = owner;
        while (owner.worker() == this && !pool.isStopping()) {
            Schedulable s = takeLocalOrGlobal();
            if (s == null) {
                s = searchOrPark();
            }
            if (s != null) {
                runTurnOf(s, owner);
            }
        }
        if (owner.worker() == this && searching) {
            searching = false;
            idle.endSearching();
        }
    }

    private void runTurnOf(Schedulable s, WorkerThread owner) {
        if (searching) {
            searching = false;
            if (idle.endSearching()) {
                idle.notifyOne(); // we were the last searcher: there may be more work out there
            }
        }
        woken = false;
        owner.beginTurn(pool.throughputBudget());
        counters.increment(Counter.TURNS);
        long epoch = turnEpoch;
        TURN_EPOCH.setOpaque(this, epoch + 1); // odd: in a turn (read by the starvation probe)
        // One turn in TURN_SAMPLE_INTERVAL is timed, and only when someone listens: no clock read otherwise.
        java.util.function.LongConsumer sampler = (epoch & (2L * Dispatcher.TURN_SAMPLE_INTERVAL - 1)) == 0
                ? pool.turnSampler() : null;
        long start = sampler != null ? System.nanoTime() : 0;
        boolean more;
        try {
            more = pool.observers().runTurn(s, owner);
        } catch (Throwable fault) {
            // The runtime guards user code; reaching here is a bug in a schedulable. Keep the worker.
            LOG.error("turn of {} failed on {}", s, Thread.currentThread().getName(), fault);
            pool.publish(new DispatcherError(pool.id(), fault, null));
            more = false;
        } finally {
            // The flag belongs to the thread, not to the turn that left it set (a handler restoring
            // it after catching InterruptedException): the next turn must not start interrupted.
            Thread.interrupted();
        }
        if (owner.worker() != this) {
            // The turn blocked and this worker went on without it, on a spare thread: the turn ended
            // on a thread of its own, which touches nothing of the worker's now.
            if (more) {
                pool.requeue(s);
            }
            return;
        }
        TURN_EPOCH.setOpaque(this, epoch + 2);
        if (more) {
            counters.increment(Counter.BUDGET_YIELDS);
            pushLocal(s); // before the sampler: an actor is never left scheduled on no queue
        }
        if (sampler != null) {
            sampler.accept(System.nanoTime() - start);
        }
    }

    /**
     * Owner, in a turn that is about to block: this worker leaves the turn, which its thread will
     * finish without it, and is handed to a spare thread.
     */
    void leaveBlockingTurn() {
        counters.increment(Counter.BLOCKING_HANDOVERS);
        TURN_EPOCH.setOpaque(this, turnEpoch + 1); // even: not in a turn any more
    }

    /** Owner: the hand-over failed (no thread could be started): the turn goes on with this worker. */
    void returnToBlockingTurn() {
        TURN_EPOCH.setOpaque(this, turnEpoch + 1); // odd again
    }

    /**
     * Owner, after its thread died outside a turn: puts the idle accounting back as if this worker
     * had just woken, so that a new thread can run it and wake-ups keep working (a dead searcher
     * would otherwise count as searching for ever, and nobody would be woken again).
     */
    void recoverFromDeadThread() {
        if (searching) {
            searching = false;
            idle.endSearching();
        }
        if (isSleeping() && !idle.cancelPark(this)) {
            idle.endSearching(); // a notifier had claimed it, counting it as a searcher
        }
        woken = false;
        counters.increment(Counter.WORKERS_REPLACED);
        if ((turnEpoch & 1) != 0) {
            TURN_EPOCH.setOpaque(this, turnEpoch + 1);
        }
    }

    /** Owner: adds to this worker's message count. */
    void countMessages(int count) {
        counters.add(Counter.MESSAGES, count);
    }

    // ---------------------------------------------------------------- taking work

    private Schedulable takeLocalOrGlobal() {
        if (--takesUntilGlobalCheck == 0) {
            takesUntilGlobalCheck = GLOBAL_CHECK_INTERVAL;
            Schedulable s = pool.pollGlobal();
            if (s != null) {
                return s;
            }
        }
        Schedulable s = takeNextSlot();
        if (s != null) {
            return s;
        }
        nextSlotStreak = 0;
        s = ring.pop();
        return s != null ? s : pool.pollGlobal();
    }

    Schedulable takeNextSlot() {
        Schedulable s = (Schedulable) NEXT.getVolatile(this);
        if (s == null || !NEXT.compareAndSet(this, s, null)) {
            return null;
        }
        if (nextSlotStreak >= MAX_NEXT_SLOT_STREAK) {
            if (!ring.isEmpty()) {
                pushLocal(s); // behind the ring's actors this time
                return null;
            }
            nextSlotStreak = 0; // nobody is waiting behind it
        }
        nextSlotStreak++;
        return s;
    }

    /** Thief side of the next slot: used on a steal's final pass, for a slot that is stale. */
    Schedulable stealNextSlot() {
        Schedulable s = (Schedulable) NEXT.getVolatile(this);
        return s != null && NEXT.compareAndSet(this, s, null) ? s : null;
    }

    private Schedulable searchOrPark() {
        if (!searching) {
            searching = idle.tryBeginSearching();
        }
        if (searching) {
            // Keep looking for a few microseconds before parking: a wake-up through the kernel costs
            // several microseconds, more than most gaps between messages.
            for (int round = 0; round < SEARCH_ROUNDS_BEFORE_PARKING && !pool.isStopping(); round++) {
                Schedulable s = steal();
                if (s == null) {
                    s = pool.pollGlobal();
                }
                if (s != null) {
                    return s;
                }
                if (round < SPIN_ROUNDS) {
                    Thread.onSpinWait();
                } else {
                    Thread.yield(); // let a runnable producer (often the one we are waiting for) have the core
                }
            }
            searching = false;
            idle.endSearching();
        }
        park();
        return null;
    }

    private Schedulable steal() {
        Worker[] all = pool.workers();
        int n = all.length;
        int start = ThreadLocalRandom.current().nextInt(n);
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < n; i++) {
                Worker victim = all[(start + i) % n];
                if (victim == this) {
                    continue;
                }
                int moved = victim.ring.stealHalfInto(ring);
                if (moved > 0) {
                    counters.increment(Counter.STEAL_OPERATIONS);
                    counters.add(Counter.ACTORS_STOLEN, moved);
                    Schedulable oldest = ring.pop();
                    if (oldest != null) {
                        return oldest;
                    }
                } else if (pass == 1 && nextSlotIsStale(victim)) {
                    Schedulable s = victim.stealNextSlot();
                    if (s != null) {
                        counters.increment(Counter.STEAL_OPERATIONS);
                        counters.increment(Counter.ACTORS_STOLEN);
                        return s;
                    }
                }
            }
        }
        return null;
    }

    /**
     * Whether {@code victim}'s next slot is full and the victim has started no turn for
     * {@link #STALE_NEXT_SLOT_NANOS}; records what it sees for the next look. Reads the clock, so
     * only searchers call it, never a turn.
     */
    private boolean nextSlotIsStale(Worker victim) {
        if (!victim.hasNextSlot()) {
            return false;
        }
        long epoch = victim.turnEpoch();
        long now = System.nanoTime();
        int v = victim.index;
        if (epoch != seenEpoch[v]) {
            seenEpoch[v] = epoch;
            seenAtNanos[v] = now;
            return false;
        }
        return now - seenAtNanos[v] >= STALE_NEXT_SLOT_NANOS;
    }

    void park() {
        if (woken) {
            counters.increment(Counter.NOOP_WAKEUPS);
            woken = false;
        }
        if (!prepareToPark()) {
            return;
        }
        while (isSleeping() && !pool.isStopping()) {
            counters.increment(Counter.PARKS);
            // With the flag set, park returns at once, every time: an interrupted worker would spin.
            Thread.interrupted();
            LockSupport.park(pool);
        }
        if (!pool.isStopping()) {
            counters.increment(Counter.UNPARKS);
            woken = true;
            searching = true; // the notifier counted us as a searcher
        }
    }

    /**
     * Registers as sleeping, then re-scans every queue (the worker's half of the Dekker handshake
     * with {@link Idle#notifyOne}).
     *
     * @return {@code true} if the worker must block until a notifier claims it; {@code false} if
     *         the re-scan found work (or the pool is stopping) and the worker stays awake
     */
    boolean prepareToPark() {
        idle.beforePark(this);
        if (pool.hasWorkToSteal() || pool.isStopping()) {
            if (!idle.cancelPark(this)) {
                searching = true; // a notifier claimed us and counted us as a searcher
            }
            return false;
        }
        return true;
    }

    /** @return odd while in a turn; changes with every turn */
    long turnEpoch() {
        return (long) TURN_EPOCH.getOpaque(this);
    }

    boolean isSleeping() {
        return (boolean) SLEEPING.getVolatile(this);
    }

    void setSleeping() {
        SLEEPING.setVolatile(this, true);
    }

    /** @return {@code true} if this call took the worker out of its sleeping state */
    boolean claimWake() {
        return (boolean) SLEEPING.getVolatile(this) && SLEEPING.compareAndSet(this, true, false);
    }

    // ---------------------------------------------------------------- adding work

    /** A producer running on this worker made {@code s} ready. */
    void scheduleFromHere(Schedulable s) {
        counters.increment(Counter.NEXT_SLOT_PUSHES);
        if (NEXT.getVolatile(this) == null) {
            // Thieves only ever take a non-null slot, so an empty slot stays empty until the owner
            // fills it: a release store publishes the actor, with no fence on the send path.
            NEXT.setRelease(this, s);
            if (!ring.isEmpty()) {
                idle.notifyOne(); // the next slot plus the ring: more than one runnable actor here
            }
            return;
        }
        Schedulable displaced = (Schedulable) NEXT.getAndSet(this, s);
        if (displaced != null) {
            pushLocal(displaced);
        } else if (!ring.isEmpty()) {
            idle.notifyOne(); // a thief emptied the slot meanwhile
        }
    }

    /** Owner: to the ring's tail; overflow goes to the global queue. */
    void pushLocal(Schedulable s) {
        if (ring.push(s)) {
            counters.increment(Counter.LOCAL_PUSHES);
            if (queueDepth() > 1) {
                idle.notifyOne();
            }
            return;
        }
        // Full: move the older half and this one to the global queue, where any worker can take them.
        int moved = 0;
        for (int i = 0; i < LocalRing.CAPACITY / 2; i++) {
            Schedulable older = ring.pop();
            if (older == null) {
                break;
            }
            pool.pushGlobal(older);
            moved++;
        }
        pool.pushGlobal(s);
        counters.add(Counter.OVERFLOW_TO_GLOBAL, moved + 1);
        counters.add(Counter.GLOBAL_PUSHES, moved + 1);
        idle.notifyOne();
    }

    /**
     * Owner: the current turn is about to block with this worker (every spare thread is in use):
     * move the next slot and the ring to the global queue, where the other workers find them, and
     * wake one.
     */
    void blockWithoutSpare() {
        counters.increment(Counter.BLOCKED_WITHOUT_SPARE);
        int moved = 0;
        Schedulable s = (Schedulable) NEXT.getAndSet(this, null);
        if (s != null) {
            pool.pushGlobal(s);
            moved++;
        }
        for (s = ring.pop(); s != null; s = ring.pop()) {
            pool.pushGlobal(s);
            moved++;
        }
        if (moved > 0) {
            counters.add(Counter.GLOBAL_PUSHES, moved);
            idle.notifyOne();
        }
    }

    /** After the thread has ended: everything still queued here. */
    void drainInto(List<Schedulable> out) {
        Schedulable s = (Schedulable) NEXT.getAndSet(this, null);
        if (s != null) {
            out.add(s);
        }
        for (s = ring.pop(); s != null; s = ring.pop()) {
            out.add(s);
        }
    }

    /** The ring only: the next slot is its owner's to run (thieves take it only when stale). */
    boolean hasWorkToSteal() {
        return !ring.isEmpty();
    }

    boolean hasNextSlot() {
        return NEXT.getVolatile(this) != null;
    }

    int queueDepth() {
        return ring.size() + (hasNextSlot() ? 1 : 0);
    }
}

/** Padding before the owner's fields: workers are small objects allocated side by side. */
abstract class WorkerLeftPad {
    long p00, p01, p02, p03, p04, p05, p06, p07;
}

/** Owner-only fields, written on every turn. */
abstract class WorkerOwnerFields extends WorkerLeftPad {
    int takesUntilGlobalCheck = Worker.GLOBAL_CHECK_INTERVAL;
    int nextSlotStreak;
    boolean searching;
    boolean woken;
}

abstract class WorkerPad1 extends WorkerOwnerFields {
    long p10, p11, p12, p13, p14, p15, p16, p17;
}

/** Incremented at the start and the end of every turn (owner), read by thieves and the starvation probe. */
abstract class WorkerTurnEpoch extends WorkerPad1 {
    long turnEpoch;
}

abstract class WorkerPad2 extends WorkerTurnEpoch {
    long p20, p21, p22, p23, p24, p25, p26, p27;
}

/** Next-actor slot: owner and thieves, through {@code Worker.NEXT}. */
abstract class WorkerNextSlot extends WorkerPad2 {
    volatile Schedulable next;
}

abstract class WorkerPad3 extends WorkerNextSlot {
    long p30, p31, p32, p33, p34, p35, p36, p37;
}

/** Set while parked or about to park; a notifier claims the worker by CAS, through {@code Worker.SLEEPING}. */
abstract class WorkerSleeping extends WorkerPad3 {
    volatile boolean sleeping;
}
