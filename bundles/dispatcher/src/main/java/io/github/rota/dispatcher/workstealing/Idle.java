package io.github.rota.dispatcher.workstealing;

import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * Who is searching and who is parked, and the wake-up decision (after Tokio's idle protocol, with
 * per-worker flags instead of a shared lock or condition variable).
 *
 * <p>A worker with no local work may become a <em>searcher</em> (it steals) only while fewer
 * than half the workers search. Producers wake a parked worker only when nobody searches; the
 * woken worker counts as a searcher from the moment it is chosen, so a burst of producers wakes
 * one worker, not many. A searcher that finds work and was the last searcher wakes another, so
 * work left behind keeps a searcher.
 *
 * <p>No lost wake-up (Dekker): a parking worker sets its sleeping flag, counts itself parked (an
 * atomic add: a full fence), then re-scans every queue; a producer pushes, issues a full fence
 * (in {@link #notifyOne}: a local push is only a release store), then reads {@code searching},
 * {@code parked} and the flags. Either the worker's re-scan sees the work or the producer sees the
 * flag ({@code ParkDecisionVersusScheduleTest}, {@code LocalPushVersusParkTest}, jcstress). When a notifier holds a searcher slot but finds nobody to wake, it gives the slot back and
 * re-checks for work, because a producer may have skipped waking while it held the slot.
 *
 * <p>Invariants ({@code WorkStealingDispatcherTest}): {@code 0 <= searching <= workers};
 * {@code parked} equals the workers whose flag is set; a burst from outside wakes parked workers
 * and all work runs ({@code externalBurstsAreAllRunAfterWorkersPark}).
 */
final class Idle {

    private final AtomicInteger searching = new AtomicInteger();
    private final AtomicInteger parked = new AtomicInteger();
    private Worker[] workers;
    private WorkStealingDispatcher pool;
    /** Where the next wake-up scan starts; a racy hint that spreads wake-ups. */
    private int wakeCursor;

    void attach(WorkStealingDispatcher pool, Worker[] workers) {
        this.pool = pool;
        this.workers = workers;
    }

    /** @return whether the caller may search (at most about half the workers search at once) */
    boolean tryBeginSearching() {
        while (true) {
            int s = searching.get();
            if (2 * s >= workers.length) {
                return false;
            }
            if (searching.compareAndSet(s, s + 1)) {
                return true;
            }
        }
    }

    /** @return whether the caller was the last searcher */
    boolean endSearching() {
        return searching.decrementAndGet() == 0;
    }

    /** Wakes one parked worker if nobody is searching. Any thread, right after publishing work. */
    void notifyOne() {
        // StoreLoad: the caller has just published work, by a release store of a ring's tail (a
        // local push) or the global queue's xadd; a parking worker sets its flag, counts itself,
        // then reads the queues. Without a full fence between the caller's store and the loads
        // below, each side can miss the other's store (store buffering, which x86 does reorder:
        // jcstress LocalPushVersusParkTest). Tokio's notify_should_wakeup does fetch_add(0, SeqCst).
        VarHandle.fullFence();
        while (searching.get() == 0 && parked.get() > 0) {
            if (!searching.compareAndSet(0, 1)) {
                return; // someone else is now searching or waking
            }
            int n = workers.length;
            int start = wakeCursor;
            for (int i = 0; i < n; i++) {
                Worker candidate = workers[(start + i) % n];
                if (candidate.claimWake()) {
                    parked.decrementAndGet();
                    wakeCursor = (start + i + 1) % n;
                    LockSupport.unpark(candidate.thread());
                    return;
                }
            }
            // Nobody to wake after all: give the searcher slot back, then look again in case a
            // producer skipped its wake-up while we held the slot.
            searching.decrementAndGet();
            if (!pool.hasWorkToSteal()) {
                return;
            }
        }
    }

    /** The worker is about to park: its flag is set, then it is counted. */
    void beforePark(Worker worker) {
        worker.setSleeping();
        parked.incrementAndGet();
    }

    /**
     * The parking worker found work on its re-scan and wants to stay awake.
     *
     * @return {@code true} if it un-parked itself; {@code false} if a notifier had already claimed
     *         it, in which case it is counted as a searcher
     */
    boolean cancelPark(Worker worker) {
        if (worker.claimWake()) {
            parked.decrementAndGet();
            return true;
        }
        return false;
    }

    int parkedCount() {
        return parked.get();
    }
}
