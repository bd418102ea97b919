package io.github.rota.dispatcher.workstealing;

import io.github.rota.api.DispatcherCounter;
import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.jfr.FlightEvents;
import java.util.Arrays;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A worker's search for work when its own queues are empty: half the ring of a sibling (from a
 * random one on), on a second pass a sibling's stale next slot, then the global queue.
 *
 * <p>A thief takes only work its owner is not getting to. Moving an actor to another worker moves
 * its cell, mailbox and envelopes with it, and its next message pulls it back (a send schedules the
 * recipient on the sender's worker): where cache lines are far apart that costs more than the owner
 * running the actor a few microseconds later.
 * <ul>
 *   <li>A ring is stale once the actors this worker saw in it at one look have not all left it
 *       {@value #STALE_RING_NANOS} ns later: its owner is stuck in a long turn, or has a backlog it
 *       cannot clear in that time.</li>
 *   <li>A ring its owner keeps draining is stale once it has held actors at every look for a wait
 *       that adapts per sibling ({@link #outOfWork}): {@value #STALE_RING_NANOS} ns at first, and
 *       again after a steal from it kept the thief busy (independent actors piled on one worker,
 *       which now run on two); doubled, up to {@value #MAX_STALE_RING_NANOS} ns, after a steal whose
 *       actors went straight back (clients of a busy actor there).</li>
 *   <li>An actor a sibling's long turn made ready, in its next slot or expedited to its ring
 *       ({@link Remote#urgentAt}), is taken once it has waited the sibling's hand-off wait: for the
 *       next slot, once the sibling has also started no turn for {@value #STALE_NEXT_SLOT_NANOS} ns
 *       (it is stuck in that turn, not about to run the actor: a thief that took the slot of a busy
 *       worker would drag a request/reply pair across cores). The wait is
 *       {@value #STALE_NEXT_SLOT_NANOS} ns at first (Go waits 3 µs too); it doubles, up to
 *       {@value #MAX_HAND_OFF_WAIT_NANOS} ns (Kotlin's scheduler waits that long for its LIFO slot),
 *       after each such take that kept the thief busy for less than that, and goes back after one
 *       that kept it busy for {@value #HAND_OFF_PAID_NANOS} ns (an actor with that much work is
 *       worth taking at once). It grows only within one turn of the sibling: a new turn (the next
 *       flood) starts at the shortest, so its consumer starts draining soon. An actor flooded by a
 *       long turn drains faster than it is sent to, so taken at once it would catch up with its
 *       producer within microseconds, go idle, and be made ready and moved again, its mailbox's
 *       lines crossing cores all the while; taken after the longest wait it drains that wait's
 *       messages in one batch.</li>
 * </ul>
 * A round that finds nothing but work that is not stale yet tells its worker how long until the
 * first of it may be ({@link #nanosUntilStale}), so the worker can sleep that long instead of
 * reading the owner's lines over and over.
 *
 * <p>Threads: the searching worker's owner only; what it remembers of its siblings is its own.
 */
final class Search {

    /**
     * How long after a look at a sibling's ring a thief takes half of it if what it saw has not all
     * left; and how long a busy ring must hold actors at every look, at first.
     */
    static final long STALE_RING_NANOS = 50_000;
    /** The longest the wait for a busy ring grows to, doubling after each steal from it that did not pay. */
    static final long MAX_STALE_RING_NANOS = 32 * STALE_RING_NANOS;
    /**
     * How long a sibling must have started no turn before a thief takes its next slot; and the
     * hand-off wait, at first.
     */
    static final long STALE_NEXT_SLOT_NANOS = 3_000;
    /** The longest the hand-off wait grows to. */
    static final long MAX_HAND_OFF_WAIT_NANOS = 100_000;
    /**
     * A take that kept the thief busy this long was worth making at once: its actor had more work
     * than any wait batches.
     */
    static final long HAND_OFF_PAID_NANOS = 10 * MAX_HAND_OFF_WAIT_NANOS;
    /** {@link #nanosUntilStale}: the last round saw no work to wait for. */
    static final long NO_WORK_IN_SIGHT = Long.MAX_VALUE;
    private static final long NOT_BUSY = Long.MIN_VALUE;

    private final Remote own;
    private final Shared shared;
    /**
     * Per sibling: the turn epoch it had when this worker last saw its next slot full with a
     * different epoch, and when. Unchanged for long enough: stuck.
     */
    private final long[] seenEpoch;
    private final long[] seenAtNanos;
    /**
     * Per sibling: the tail of its ring at the look that started the current wait, and when; -1: no
     * wait (the ring was empty). Its head still below that tail: an actor seen then still waits.
     */
    private final long[] seenRingTail;
    private final long[] ringSeenAtNanos;
    /** Per sibling: since when every look found actors in its ring; {@link #NOT_BUSY}: the last look found none. */
    private final long[] ringBusySinceNanos;
    /** Per sibling: how long its ring may hold actors at every look before this worker steals from it. */
    private final long[] ringStaleNanos;
    /** The sibling whose ring this worker last stole from, until it runs out of work again; -1: none. */
    private int lastRingVictim = -1;
    private long lastRingStealAtNanos;
    /**
     * Per sibling: how long an actor its long turn made ready waits, during that turn, before this
     * worker takes it.
     */
    private final long[] handOffWaitNanos;
    /** Per sibling: the turn epoch {@link #handOffWaitNanos} belongs to; in another turn the wait is the shortest. */
    private final long[] handOffEpoch;
    /** Per sibling: since when every look found its next slot full; {@link #NOT_BUSY}: the last look found it empty. */
    private final long[] slotFullSinceNanos;
    /** Per sibling: the ring position it last marked urgent, as this worker last saw it, and since when; -1: none seen. */
    private final long[] seenUrgentAt;
    private final long[] urgentSeenAtNanos;
    /** Whether the last {@link #ringStaleIn} answered for an urgent actor, not for the ring's own wait. */
    private boolean urgentLook;
    /** The sibling whose made-ready actor this worker last took, until it runs out of work again; -1: none. */
    private int lastHandOffVictim = -1;
    private long lastHandOffAtNanos;
    private long lastHandOffEpoch;
    /** What the last round found: the soonest a sibling's work in sight may turn stale. */
    private long nanosUntilStale = NO_WORK_IN_SIGHT;

    Search(Remote own, Shared shared) {
        this.own = own;
        this.shared = shared;
        this.seenEpoch = new long[shared.workerCount()];
        this.seenAtNanos = new long[shared.workerCount()];
        this.seenRingTail = new long[shared.workerCount()];
        this.ringSeenAtNanos = new long[shared.workerCount()];
        Arrays.fill(seenEpoch, -1); // epochs start at 0
        Arrays.fill(seenRingTail, -1); // positions start at 0
        this.ringStaleNanos = new long[shared.workerCount()];
        Arrays.fill(ringStaleNanos, STALE_RING_NANOS);
        this.ringBusySinceNanos = new long[shared.workerCount()];
        Arrays.fill(ringBusySinceNanos, NOT_BUSY);
        this.handOffWaitNanos = new long[shared.workerCount()];
        Arrays.fill(handOffWaitNanos, STALE_NEXT_SLOT_NANOS);
        this.handOffEpoch = new long[shared.workerCount()];
        Arrays.fill(handOffEpoch, -1);
        this.slotFullSinceNanos = new long[shared.workerCount()];
        Arrays.fill(slotFullSinceNanos, NOT_BUSY);
        this.seenUrgentAt = new long[shared.workerCount()];
        Arrays.fill(seenUrgentAt, -1);
        this.urgentSeenAtNanos = new long[shared.workerCount()];
    }

    /**
     * The worker ran out of work at {@code now} and is about to search: if it last stole from a
     * sibling's ring, was that steal worth it? It was if it kept this worker busy at least as long as it waited for it
     * (the stolen actors stayed here, with their exchange: a pair that had piled onto one worker); if
     * not, the actors went back where their traffic is (clients of a busy actor there, which a reply
     * schedules on its sender's worker), and the wait for that sibling's ring doubles, up to
     * {@value #MAX_STALE_RING_NANOS} ns, so moving them costs next to nothing. If it last took an
     * actor a sibling's long turn made ready, that sibling's hand-off wait doubles, up to
     * {@value #MAX_HAND_OFF_WAIT_NANOS} ns, if the actor kept this worker busy for less than that, and
     * goes back to {@value #STALE_NEXT_SLOT_NANOS} ns if it kept it busy for
     * {@value #HAND_OFF_PAID_NANOS} ns or more; for the rest of the sibling's turn of that take.
     */
    void outOfWork(long now) {
        // What it saw of its siblings' rings and next slots before it worked or slept is old: a ring
        // is busy too long, and a slot full long enough, only if so at every look of one search.
        Arrays.fill(ringBusySinceNanos, NOT_BUSY);
        Arrays.fill(slotFullSinceNanos, NOT_BUSY);
        if (lastRingVictim >= 0) {
            int v = lastRingVictim;
            lastRingVictim = -1;
            long busy = now - lastRingStealAtNanos;
            ringStaleNanos[v] = busy >= ringStaleNanos[v] ? STALE_RING_NANOS : Math.min(2 * ringStaleNanos[v], MAX_STALE_RING_NANOS);
        }
        if (lastHandOffVictim >= 0) {
            int v = lastHandOffVictim;
            lastHandOffVictim = -1;
            long busy = now - lastHandOffAtNanos;
            long wait = handOffWait(v, lastHandOffEpoch);
            if (busy >= HAND_OFF_PAID_NANOS) {
                wait = STALE_NEXT_SLOT_NANOS;
            } else if (busy < MAX_HAND_OFF_WAIT_NANOS) {
                wait = Math.min(2 * wait, MAX_HAND_OFF_WAIT_NANOS);
            }
            handOffWaitNanos[v] = wait;
            handOffEpoch[v] = lastHandOffEpoch;
        }
    }

    /** One search round: steal, then the global queue. */
    Schedulable once() {
        nanosUntilStale = NO_WORK_IN_SIGHT;
        Schedulable s = steal();
        if (s == null && (s = shared.global.poll()) != null) {
            own.counters.increment(DispatcherCounter.GLOBAL_POLLS);
        }
        return s;
    }

    /**
     * {@return after a round that found nothing: how long until a sibling's ring that holds actors, or
     * an actor a sibling's long turn made ready, may turn stale; {@link #NO_WORK_IN_SIGHT} if it saw none}
     */
    long nanosUntilStale() {
        return nanosUntilStale;
    }

    private Schedulable steal() {
        int n = shared.workerCount();
        int start = ThreadLocalRandom.current().nextInt(n);
        long now = System.nanoTime();
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < n; i++) {
                Remote victim = shared.remote((start + i) % n);
                if (victim == own) {
                    continue;
                }
                own.counters.increment(DispatcherCounter.SIBLING_PROBES);
                long untilStale = ringStaleIn(victim, now);
                int moved = untilStale == 0 ? victim.stealHalfInto(own.ring) : 0;
                if (moved > 0) {
                    stole(victim, moved);
                    if (!urgentLook) {
                        lastRingVictim = victim.index;
                        lastRingStealAtNanos = now;
                    } else if (victim.ring.headPosition() > seenUrgentAt[victim.index]) {
                        handedOff(victim, now); // the half it took holds the urgent actor
                    }
                    ringBusySinceNanos[victim.index] = NOT_BUSY; // its wait starts again
                    Schedulable oldest = own.ring.pop();
                    if (oldest != null) {
                        return oldest;
                    }
                } else if (pass == 1) {
                    long untilSlotStale = nextSlotStaleIn(victim, now);
                    Schedulable s = untilSlotStale == 0 ? victim.takeNextSlot() : null;
                    if (s != null) {
                        stole(victim, 1);
                        own.counters.increment(DispatcherCounter.NEXT_SLOT_STEALS);
                        handedOff(victim, now);
                        return s;
                    }
                    untilStale = Math.min(untilStale, untilSlotStale);
                }
                nanosUntilStale = Math.min(nanosUntilStale, untilStale);
            }
        }
        return null;
    }

    private void handedOff(Remote victim, long now) {
        lastHandOffVictim = victim.index;
        lastHandOffAtNanos = now;
        lastHandOffEpoch = victim.turnEpoch();
    }

    /** {@return sibling {@code v}'s hand-off wait while it is in the turn of {@code epoch}} */
    private long handOffWait(int v, long epoch) {
        return handOffEpoch[v] == epoch ? handOffWaitNanos[v] : STALE_NEXT_SLOT_NANOS;
    }

    private void stole(Remote victim, int actors) {
        own.counters.increment(DispatcherCounter.STEAL_OPERATIONS);
        own.counters.add(DispatcherCounter.ACTORS_STOLEN, actors);
        FlightEvents.steal(shared.dispatcherId(), own.index, victim.index, actors);
    }

    /**
     * At {@code now}, how long until {@code victim}'s ring is stale: 0 if it is; {@link #NO_WORK_IN_SIGHT}
     * if it is empty. A look that finds every actor of the last wait gone (or the ring empty) starts a
     * new wait, of {@value #STALE_RING_NANOS} ns or longer ({@link #outOfWork}), for the actors in the
     * ring now; so the first look at a ring never finds it stale. While the ring holds an actor its
     * owner marked urgent, the ring is stale as soon as this worker has seen that actor there for the
     * sibling's hand-off wait, if that comes first; a later mark while it is still there does not
     * start that wait again.
     */
    long ringStaleIn(Remote victim, long now) {
        urgentLook = false;
        long head = victim.ring.headPosition();
        long tail = victim.ring.tailPosition();
        int v = victim.index;
        if (head >= tail) {
            seenRingTail[v] = -1;
            ringBusySinceNanos[v] = NOT_BUSY;
            return NO_WORK_IN_SIGHT;
        }
        if (ringBusySinceNanos[v] == NOT_BUSY) {
            ringBusySinceNanos[v] = now;
        }
        long untilBusyTooLong = ringStaleNanos[v] - (now - ringBusySinceNanos[v]);
        long untilStale;
        if (head >= seenRingTail[v]) { // includes "no wait yet": -1
            seenRingTail[v] = tail;
            ringSeenAtNanos[v] = now;
            untilStale = Math.max(0, Math.min(STALE_RING_NANOS, untilBusyTooLong));
        } else {
            untilStale = Math.max(0, Math.min(STALE_RING_NANOS - (now - ringSeenAtNanos[v]), untilBusyTooLong));
        }
        long urgentAt = victim.urgentAt();
        if (urgentAt >= head && untilStale > 0) { // an actor expedited out of a long turn is still there
            if (seenUrgentAt[v] < head) { // the one this worker saw last has left, or it saw none: a new wait
                seenUrgentAt[v] = urgentAt;
                urgentSeenAtNanos[v] = now;
            }
            long untilHandOff = Math.max(0, handOffWait(v, victim.turnEpoch()) - (now - urgentSeenAtNanos[v]));
            if (untilHandOff < untilStale) {
                urgentLook = true;
                return untilHandOff;
            }
        }
        return untilStale;
    }

    /**
     * At {@code now}, how long until {@code victim}'s next slot is stale: 0 once the slot has been
     * full at every look, and the victim has started no turn, for its hand-off wait (and for at least
     * {@value #STALE_NEXT_SLOT_NANOS} ns); {@link #NO_WORK_IN_SIGHT} if the slot is empty or the
     * victim is still starting turns (it is about to run the actor).
     */
    long nextSlotStaleIn(Remote victim, long now) {
        int v = victim.index;
        if (!victim.hasNextSlot()) {
            slotFullSinceNanos[v] = NOT_BUSY;
            return NO_WORK_IN_SIGHT;
        }
        if (slotFullSinceNanos[v] == NOT_BUSY) {
            slotFullSinceNanos[v] = now;
        }
        if (!startedNoTurnFor(victim, STALE_NEXT_SLOT_NANOS, now)) {
            return NO_WORK_IN_SIGHT;
        }
        long waited = now - Math.max(slotFullSinceNanos[v], seenAtNanos[v]);
        return Math.max(0, handOffWait(v, seenEpoch[v]) - waited);
    }

    /** {@return how long an actor {@code victim}'s long turn made ready waits now before this worker takes it} */
    long handOffWaitNanos(Remote victim) {
        return handOffWait(victim.index, victim.turnEpoch());
    }

    /**
     * Whether, at {@code now}, this worker has seen {@code victim} start no turn for {@code nanos}:
     * its turn epoch the same at every look since one at least {@code nanos} ago. A look that finds
     * a new epoch records it and when, and answers {@code false}; so the first look at a sibling
     * never does.
     */
    boolean startedNoTurnFor(Remote victim, long nanos, long now) {
        long epoch = victim.turnEpoch();
        int v = victim.index;
        if (epoch != seenEpoch[v]) {
            seenEpoch[v] = epoch;
            seenAtNanos[v] = now;
            return false;
        }
        return now - seenAtNanos[v] >= nanos;
    }
}
