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
 *       cannot clear in that time. (Kotlin's scheduler lets a thief take a worker's LIFO slot only
 *       after 100 µs.)</li>
 *   <li>A ring its owner keeps draining is stale once it has held actors at every look for a wait
 *       that adapts per sibling ({@link #outOfWork}): {@value #STALE_RING_NANOS} ns at first, and
 *       again after a steal from it kept the thief busy (independent actors piled on one worker,
 *       which now run on two); doubled, up to {@value #MAX_STALE_RING_NANOS} ns, after a steal whose
 *       actors went straight back (clients of a busy actor there).</li>
 *   <li>A ring is stale at once while it holds an actor its owner marked urgent
 *       ({@link Remote#urgentAt}: one expedited out of a long turn).</li>
 *   <li>A next slot is stale once its worker has started no turn for {@value #STALE_NEXT_SLOT_NANOS}
 *       ns: it is stuck in a long turn, not about to run the actor (Go waits 3 µs too). A thief that
 *       took the slot of a busy worker would drag a request/reply pair across cores.</li>
 * </ul>
 * A round that finds nothing but rings that are not stale yet tells its worker how long until the
 * first of them may be ({@link #nanosUntilRingStale}), so the worker can sleep that long instead of
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
    /** How long a sibling's next slot must stay full with no new turn before a thief takes it. */
    static final long STALE_NEXT_SLOT_NANOS = 3_000;
    /** {@link #nanosUntilRingStale}: the last round saw no ring with actors in it. */
    static final long NO_RING_WORK = Long.MAX_VALUE;
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
    /** What the last round found: the soonest a sibling's ring may turn stale. */
    private long nanosUntilRingStale = NO_RING_WORK;

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
    }

    /**
     * The worker ran out of work at {@code now} and is about to search: if it last stole from a
     * sibling's ring, was that steal worth it? It was if it kept this worker busy at least as long as it waited for it
     * (the stolen actors stayed here, with their exchange: a pair that had piled onto one worker); if
     * not, the actors went back where their traffic is (clients of a busy actor there, which a reply
     * schedules on its sender's worker), and the wait for that sibling's ring doubles, up to
     * {@value #MAX_STALE_RING_NANOS} ns, so moving them costs next to nothing.
     */
    void outOfWork(long now) {
        // What it saw of its siblings' rings before it worked or slept is old: a ring is busy too
        // long only if it held actors at every look of one search.
        Arrays.fill(ringBusySinceNanos, NOT_BUSY);
        if (lastRingVictim < 0) {
            return;
        }
        int v = lastRingVictim;
        lastRingVictim = -1;
        long busy = now - lastRingStealAtNanos;
        ringStaleNanos[v] = busy >= ringStaleNanos[v] ? STALE_RING_NANOS : Math.min(2 * ringStaleNanos[v], MAX_STALE_RING_NANOS);
    }

    /** One search round: steal, then the global queue. */
    Schedulable once() {
        nanosUntilRingStale = NO_RING_WORK;
        Schedulable s = steal();
        if (s == null && (s = shared.global.poll()) != null) {
            own.counters.increment(DispatcherCounter.GLOBAL_POLLS);
        }
        return s;
    }

    /**
     * {@return after a round that found nothing: how long until a sibling's ring that holds actors may
     * turn stale; {@link #NO_RING_WORK} if no ring held any}
     */
    long nanosUntilRingStale() {
        return nanosUntilRingStale;
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
                    lastRingVictim = victim.index;
                    lastRingStealAtNanos = now;
                    ringBusySinceNanos[victim.index] = NOT_BUSY; // its wait starts again
                    Schedulable oldest = own.ring.pop();
                    if (oldest != null) {
                        return oldest;
                    }
                } else if (pass == 1 && nextSlotIsStale(victim, STALE_NEXT_SLOT_NANOS)) {
                    Schedulable s = victim.takeNextSlot();
                    if (s != null) {
                        stole(victim, 1);
                        own.counters.increment(DispatcherCounter.NEXT_SLOT_STEALS);
                        return s;
                    }
                }
                nanosUntilRingStale = Math.min(nanosUntilRingStale, untilStale);
            }
        }
        return null;
    }

    private void stole(Remote victim, int actors) {
        own.counters.increment(DispatcherCounter.STEAL_OPERATIONS);
        own.counters.add(DispatcherCounter.ACTORS_STOLEN, actors);
        FlightEvents.steal(shared.dispatcherId(), own.index, victim.index, actors);
    }

    /**
     * At {@code now}, how long until {@code victim}'s ring is stale: 0 if it is; {@link #NO_RING_WORK}
     * if it is empty. A look that finds every actor of the last wait gone (or the ring empty) starts a
     * new wait, of {@value #STALE_RING_NANOS} ns or longer ({@link #outOfWork}), for the actors in the
     * ring now; so the first look at a ring finds it stale only if it holds an urgent actor.
     */
    long ringStaleIn(Remote victim, long now) {
        long head = victim.ring.headPosition();
        long tail = victim.ring.tailPosition();
        int v = victim.index;
        if (head >= tail) {
            seenRingTail[v] = -1;
            ringBusySinceNanos[v] = NOT_BUSY;
            return NO_RING_WORK;
        }
        if (victim.urgentAt() >= head) { // an actor pushed for a sibling to take at once is still there
            return 0;
        }
        if (ringBusySinceNanos[v] == NOT_BUSY) {
            ringBusySinceNanos[v] = now;
        }
        long untilBusyTooLong = ringStaleNanos[v] - (now - ringBusySinceNanos[v]);
        if (head >= seenRingTail[v]) { // includes "no wait yet": -1
            seenRingTail[v] = tail;
            ringSeenAtNanos[v] = now;
            return Math.max(0, Math.min(STALE_RING_NANOS, untilBusyTooLong));
        }
        return Math.max(0, Math.min(STALE_RING_NANOS - (now - ringSeenAtNanos[v]), untilBusyTooLong));
    }

    /**
     * Whether {@code victim}'s next slot is full and the victim has started no turn for
     * {@code staleNanos} ({@link #startedNoTurnFor}). Reads the clock when the slot is full, so only
     * searchers call it, never a turn.
     */
    boolean nextSlotIsStale(Remote victim, long staleNanos) {
        return victim.hasNextSlot() && startedNoTurnFor(victim, staleNanos, System.nanoTime());
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
