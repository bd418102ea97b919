package io.github.rota.dispatcher.workstealing;

import io.github.rota.api.DispatcherCounter;
import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.jfr.FlightEvents;
import java.util.Arrays;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A worker's search for work when its own queues are empty: half the ring of a sibling (from a
 * random one on), on a second pass a sibling's stale next slot, then the global queue. A thief takes
 * a sibling's next slot only when that sibling has started no turn for
 * {@value #STALE_NEXT_SLOT_NANOS} ns (it is stuck in a long turn, not about to run the actor; Go
 * waits 3 µs too): a thief that took the slot of a busy worker would drag a request/reply pair
 * across cores.
 *
 * <p>Threads: the searching worker's owner only; what it remembers of its siblings' epochs is its own.
 */
final class Search {

    /** How long a sibling's next slot must stay full with no new turn before a thief takes it. */
    static final long STALE_NEXT_SLOT_NANOS = 3_000;

    private final Remote own;
    private final Shared shared;
    /**
     * Per sibling: the turn epoch it had when this worker last saw its next slot full with a
     * different epoch, and when. Unchanged for long enough: stuck.
     */
    private final long[] seenEpoch;
    private final long[] seenAtNanos;

    Search(Remote own, Shared shared) {
        this.own = own;
        this.shared = shared;
        this.seenEpoch = new long[shared.workerCount()];
        this.seenAtNanos = new long[shared.workerCount()];
        Arrays.fill(seenEpoch, -1); // epochs start at 0
    }

    /** One search round: steal, then the global queue. */
    Schedulable once() {
        Schedulable s = steal();
        if (s == null && (s = shared.global.poll()) != null) {
            own.counters.increment(DispatcherCounter.GLOBAL_POLLS);
        }
        return s;
    }

    private Schedulable steal() {
        int n = shared.workerCount();
        int start = ThreadLocalRandom.current().nextInt(n);
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < n; i++) {
                Remote victim = shared.remote((start + i) % n);
                if (victim == own) {
                    continue;
                }
                own.counters.increment(DispatcherCounter.SIBLING_PROBES);
                int moved = victim.stealHalfInto(own.ring);
                if (moved > 0) {
                    stole(victim, moved);
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
