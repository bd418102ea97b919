package io.github.rota.dispatcher.workstealing;

import io.github.rota.api.DispatcherError;
import io.github.rota.spi.dispatch.DispatcherCounter;
import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.jfr.FlightEvents;
import java.lang.invoke.VarHandle;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The run queues of one work-stealing pool, the state its workers share (Tokio's {@code Shared}
 * with its inject queue and idle set): the {@link GlobalQueue}, every worker's {@link LocalQueue}
 * as a {@link Sibling}, and the {@link Idle} set. Every move of an actor between queues is here:
 * the take order, stealing, overflow, hand-overs, and the wake-up that must follow a push.
 *
 * <p>Take order, for the worker that owns a local queue ({@link #take}): next-actor slot, then its
 * ring, then the global queue; the global queue first on every
 * {@value LocalQueue#GLOBAL_CHECK_INTERVAL}th take, so a backlog there cannot starve. A worker that
 * finds nothing searches ({@link #searchOnce}: steal half a sibling's ring, then the global queue).
 *
 * <p>Lingering: an actor whose turn drained it while an exchange goes on at its worker (an actor in
 * the next slot, or a lingering one with work) stays with the worker, still PROCESSING, in one of
 * {@value LocalQueue#LINGER_SLOTS} linger slots; a message to it is its producer's enqueue only, and the
 * worker runs it again when it has work. The worker lets its lingering actors go before it takes from
 * its ring or the global queue, searches, parks, blocks or stops, and the {@link StarvationProbe}
 * lets them go behind a long turn; letting go is going idle with the usual re-check, so a message that
 * arrived meanwhile is never lost. A schedulable whose release throws (a third party's) is reported
 * and skipped, and no other actor is in hand while a release runs: the take order lets the lingering
 * actors go before it takes from the global queue.
 *
 * <p>Next-actor slot: when code running on a worker makes an actor ready, that actor goes in the
 * worker's next slot (the previous occupant moves to the ring's tail), so request/reply runs hot
 * on one core with no wake-up. A thief takes a sibling's slot only when that sibling has started
 * no turn for {@value #STALE_NEXT_SLOT_NANOS} ns (it is stuck in a long turn, not about to run the
 * actor; Go waits 3 µs too): a thief that took the slot of a busy worker would drag a request/reply
 * pair across cores. A producer whose turn keeps sending to the actor in its own worker's next slot
 * or linger slot expedites it ({@link #expedite}): to the ring, with a wake-up, so a sibling steals it
 * at once. When no sibling is searching, the {@link StarvationProbe} rescues a slot stuck behind a
 * long turn, so it can never wedge.
 *
 * <p>No lost wake-up (Dekker): a parking worker sets its sleeping flag, counts itself parked (an
 * atomic add: a full fence), then re-scans the queues ({@link Worker#prepareToPark}); a producer
 * pushes, issues a full fence (in {@link #notifyOne}: a local push is only a release store), then
 * reads the idle set and the flags. Either the worker's re-scan sees the work or the producer sees
 * the flag (jcstress {@code ParkDecisionVersusScheduleTest}, {@code LocalPushVersusParkTest}).
 */
final class RunQueues {

    /** How long a sibling's next slot must stay full with no new turn before a thief takes it. */
    static final long STALE_NEXT_SLOT_NANOS = 3_000;

    private static final Logger LOG = LoggerFactory.getLogger(RunQueues.class);

    private final String dispatcherId;
    /** Where a failed release is published, as a {@link DispatcherError}. */
    private final Consumer<Object> events;
    private final GlobalQueue global = new GlobalQueue();
    private final Sibling[] siblings;
    private final Idle idle;
    /** Actors pushed to the global queue from outside the pool, or rescued to it. */
    private final LongAdder outsidePushes = new LongAdder();

    RunQueues(String dispatcherId, Sibling[] siblings, Consumer<Object> events) {
        this.dispatcherId = dispatcherId;
        this.events = events;
        this.siblings = siblings.clone();
        this.idle = new Idle(dispatcherId, this.siblings);
    }

    /** {@return the dispatcher these queues are, as its events name it} */
    String dispatcherId() {
        return dispatcherId;
    }

    int workerCount() {
        return siblings.length;
    }

    Sibling sibling(int index) {
        return siblings[index];
    }

    // ---------------------------------------------------------------- adding work

    /** A producer outside the pool. @return {@code false} if the queues are closed; nothing was added */
    boolean scheduleFromOutside(Schedulable s) {
        if (!global.offerFromOutside(s)) {
            return false;
        }
        outsidePushes.increment();
        notifyOne();
        return true;
    }

    /**
     * A producer running on the worker that owns {@code local} made {@code s} ready: it goes in the next
     * slot, and the actor it displaces to the ring. A sibling is woken when this makes more than one
     * actor runnable here where there was at most one before, not on every send: a turn that makes a
     * thousand actors ready (a fan-out) pays the fence of a wake-up once per time a sibling has
     * emptied its ring, not once per send. No work is stranded: a sibling parks only after a re-scan
     * finds the ring empty, and the push that fills it again is such a transition.
     */
    void scheduleFromHere(LocalQueue local, Schedulable s) {
        local.counters().increment(DispatcherCounter.NEXT_SLOT_PUSHES);
        int ringBefore = local.ringSize();
        Schedulable displaced = local.putNextSlot(s);
        if (displaced == null) {
            if (ringBefore == 1) {
                notifyOne(); // the next slot plus one in the ring: a second runnable actor here
            }
        } else if (local.pushToRing(displaced)) {
            local.counters().increment(DispatcherCounter.LOCAL_PUSHES);
            if (ringBefore == 0) {
                notifyOne(); // the next slot plus the displaced actor
            }
        } else {
            overflow(local, displaced);
        }
    }

    /**
     * The turn running on the owner of {@code local} keeps sending to {@code s}. If {@code s} waits in
     * the next slot, or lingers here with work, it goes to the ring and a sibling is woken: filling the
     * next slot woke nobody (the owner was to run it as soon as its turn ended), and this turn is not
     * ending. The sibling steals it from the ring at once, with no stale-slot wait. Anywhere else,
     * {@code s} is already where a sibling can take it.
     */
    void expedite(LocalQueue local, Schedulable s) {
        if (local.takeNextSlotIf(s) || (local.takeLingeringIf(s) && letGo(s))) {
            if (local.pushToRing(s)) {
                local.counters().increment(DispatcherCounter.LOCAL_PUSHES);
                notifyOne();
            } else {
                overflow(local, s);
            }
        }
    }

    /** The owner of {@code local}: to its ring's tail; a full ring sends its older half to the global queue. */
    void push(LocalQueue local, Schedulable s) {
        if (local.pushToRing(s)) {
            local.counters().increment(DispatcherCounter.LOCAL_PUSHES);
            if (local.queueDepth() > 1) {
                notifyOne();
            }
            return;
        }
        overflow(local, s);
    }

    /** The ring is full: its older half and {@code s} go to the global queue, and a worker is woken. */
    private void overflow(LocalQueue local, Schedulable s) {
        int moved = 0;
        for (int i = 0; i < local.ringCapacity() / 2; i++) {
            Schedulable older = local.popRing();
            if (older == null) {
                break;
            }
            global.offer(older);
            moved++;
        }
        global.offer(s);
        local.counters().add(DispatcherCounter.OVERFLOW_TO_GLOBAL, moved + 1);
        local.counters().add(DispatcherCounter.GLOBAL_PUSHES, moved + 1);
        FlightEvents.overflow(dispatcherId, local.index(), moved + 1);
        notifyOne();
    }

    /**
     * An actor rescued from the next slot of a worker stuck in a turn, or one whose turn yielded on
     * a thread that no longer runs a worker: to the global queue, and wake a worker.
     */
    void requeue(Schedulable s) {
        global.offer(s);
        outsidePushes.increment();
        notifyOne();
    }

    /**
     * The owner of {@code local} is about to block in a turn with no spare thread to take over:
     * its next slot and ring go to the global queue, where the other workers find them.
     */
    void handOffAll(LocalQueue local) {
        int moved = 0;
        Schedulable s = local.clearNextSlot();
        if (s != null) {
            global.offer(s);
            moved++;
        }
        for (s = local.popRing(); s != null; s = local.popRing()) {
            global.offer(s);
            moved++;
        }
        if (moved > 0) {
            local.counters().add(DispatcherCounter.GLOBAL_PUSHES, moved);
            notifyOne();
        }
    }

    // ---------------------------------------------------------------- taking work

    /**
     * The take order for the owner of {@code local}; {@code null}: nothing here, search. Before the
     * worker turns to anything but its own exchange (a lingering actor with work, the next slot) it
     * lets its lingering actors go, so none waits on a worker busy elsewhere.
     */
    Schedulable take(LocalQueue local) {
        if (local.globalCheckDue() && !global.isEmpty()) {
            releaseLingering(local);
            Schedulable s = global.poll();
            if (s != null) {
                local.endLocalStreak();
                return s;
            }
        }
        Schedulable s = takeLocal(local);
        if (s != null) {
            return s;
        }
        releaseLingering(local);
        s = local.popRing();
        return s != null ? s : global.poll();
    }

    /**
     * A lingering actor with work, else the next slot (but the next slot after
     * {@value LocalQueue#MAX_LOCAL_STREAK} lingering actors in a row); neither once that many such turns
     * ran in a row while the ring waits (then the next-slot actor goes behind the ring's).
     */
    private Schedulable takeLocal(LocalQueue local) {
        if (local.localStreakSpent()) {
            Schedulable next = local.takeNextSlot();
            if (next != null) {
                push(local, next);
            }
            return null;
        }
        Schedulable s = local.lingerStreakSpent() ? null : local.claimLingeringWithWork();
        local.countLingerResume(s != null);
        if (s == null) {
            s = local.takeNextSlot();
        }
        if (s == null) {
            local.endLocalStreak();
            return null;
        }
        local.countLocalTurn();
        return s;
    }

    /** Lets the lingering actors of {@code local}'s worker go; those that have work again go to its ring. */
    void releaseLingering(LocalQueue local) {
        for (int slot = 0; slot < LocalQueue.LINGER_SLOTS; slot++) {
            Schedulable s = local.takeLingering(slot);
            if (s != null && letGo(s)) {
                push(local, s);
            }
        }
    }

    /** Behind a long turn (the starvation probe): lets the worker's lingering actors go; those with work go to the global queue. */
    void rescueLingering(Sibling stuck) {
        for (int slot = 0; slot < LocalQueue.LINGER_SLOTS; slot++) {
            Schedulable s = stuck.takeLingering(slot);
            if (s != null && letGo(s)) {
                requeue(s);
            }
        }
    }

    /**
     * Lets a lingering actor go ({@link Schedulable#releaseLingering}), as the end of its turn, and
     * as guarded: a fault is the schedulable's bug, reported, and leaves it to the state it left.
     *
     * @return whether it has work again and must be queued
     */
    private boolean letGo(Schedulable s) {
        try {
            return s.releaseLingering();
        } catch (Throwable fault) {
            LOG.error("dispatcher '{}': letting go of lingering {} failed", dispatcherId, s, fault);
            events.accept(new DispatcherError(dispatcherId, fault, null));
            return false;
        }
    }

    /** One search round for {@code thief}: steal, then the global queue. */
    Schedulable searchOnce(LocalQueue thief) {
        Schedulable s = steal(thief);
        return s != null ? s : global.poll();
    }

    private Schedulable steal(LocalQueue thief) {
        int n = siblings.length;
        int start = ThreadLocalRandom.current().nextInt(n);
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < n; i++) {
                Sibling victim = siblings[(start + i) % n];
                if (victim == thief) {
                    continue;
                }
                int moved = thief.stealHalfFrom(victim);
                if (moved > 0) {
                    thief.counters().increment(DispatcherCounter.STEAL_OPERATIONS);
                    thief.counters().add(DispatcherCounter.ACTORS_STOLEN, moved);
                    FlightEvents.steal(dispatcherId, thief.index(), victim.index(), moved);
                    Schedulable oldest = thief.popRing();
                    if (oldest != null) {
                        return oldest;
                    }
                } else if (pass == 1 && thief.nextSlotIsStale(victim, STALE_NEXT_SLOT_NANOS)) {
                    Schedulable s = victim.stealNextSlot();
                    if (s != null) {
                        thief.counters().increment(DispatcherCounter.STEAL_OPERATIONS);
                        thief.counters().increment(DispatcherCounter.ACTORS_STOLEN);
                        FlightEvents.steal(dispatcherId, thief.index(), victim.index(), 1);
                        return s;
                    }
                }
            }
        }
        return null;
    }

    /**
     * Work a parking worker could take: the global queue (a claimed-but-unpublished slot counts) or
     * a ring. Next slots do not count: their owners run them, and filling one wakes nobody.
     */
    boolean hasWorkToSteal() {
        if (!global.isEmpty()) {
            return true;
        }
        for (Sibling sibling : siblings) {
            if (sibling.hasWorkToSteal()) {
                return true;
            }
        }
        return false;
    }

    // ---------------------------------------------------------------- the idle set

    boolean tryBeginSearching() {
        return idle.tryBeginSearching();
    }

    /** @return whether the caller was the last searcher */
    boolean endSearching() {
        return idle.endSearching();
    }

    void beforePark(LocalQueue local) {
        idle.beforePark(local);
    }

    /** @return {@code true} if the worker un-parked itself; {@code false} if a notifier claimed it as a searcher */
    boolean cancelPark(LocalQueue local) {
        return idle.cancelPark(local);
    }

    int parkedCount() {
        return idle.parkedCount();
    }

    /** Wakes one parked worker if nobody is searching. Any thread, right after publishing work. */
    void notifyOne() {
        // StoreLoad: the caller has just published work, by a release store of a ring's tail (a
        // local push) or the global queue's xadd; a parking worker sets its flag, counts itself,
        // then reads the queues. Without a full fence between the caller's store and the loads
        // below, each side can miss the other's store (store buffering, which x86 does reorder:
        // jcstress LocalPushVersusParkTest). Tokio's notify_should_wakeup does fetch_add(0, SeqCst).
        VarHandle.fullFence();
        while (idle.wantsWaking()) {
            if (!idle.claimSearcherSlot()) {
                return; // someone else is now searching or waking
            }
            if (idle.wakeOne()) {
                return;
            }
            // Nobody to wake after all: give the searcher slot back, then look again in case a
            // producer skipped its wake-up while we held the slot.
            idle.endSearching();
            if (!hasWorkToSteal()) {
                return;
            }
        }
    }

    // ---------------------------------------------------------------- closing

    boolean isClosed() {
        return global.isClosed();
    }

    /** From now on outside producers are refused and workers end after their current turns. */
    void close() {
        global.close();
    }

    /** After {@link #close}: waits for outside producers already past their check. */
    void awaitOutsidePushes() {
        global.awaitOutsidePushes();
    }

    /** Once the workers have ended: what the global queue still holds. */
    void drainGlobalInto(List<Schedulable> out) {
        global.drainInto(out);
    }

    int globalDepth() {
        return global.size();
    }

    long outsidePushes() {
        return outsidePushes.sum();
    }
}
