package io.github.rota.dispatcher.workstealing;

import io.github.rota.spi.jfr.FlightEvents;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * The idle set: who is searching and who is parked (after Tokio's idle protocol, with per-worker
 * park states instead of a shared lock or condition variable). {@link Shared#notifyOne}
 * makes the wake-up decision with it.
 *
 * <p>A worker with no local work may become a <em>searcher</em> (it steals) only while fewer
 * than half the workers search. Producers wake a parked worker only when nobody searches; the
 * woken worker counts as a searcher from the moment it is chosen, so a burst of producers wakes
 * one worker, not many. A searcher that finds work and was the last searcher wakes another, so
 * work left behind keeps a searcher.
 *
 * <p>Parking: a worker sets its park state to SLEEPING, then counts itself parked (an atomic add: a
 * full fence); a notifier claims a sleeper by CAS of that state to WOKEN and uncounts it. A park
 * may be timed: when it runs out, the worker takes itself off the set by the same CAS a re-scan that
 * found work uses (jcstress {@code TimedParkExpiryVersusWakeTest}). A searcher may also sleep
 * between rounds ("napping", {@link Search}); it stays a searcher, and {@link #wakeNapper} is only a
 * hint that cuts the sleep short. Invariants
 * ({@code WorkStealingDispatcherTest}, {@code IdleTest}): {@code 0 <= searching <= workers};
 * {@code parked} equals the workers that are SLEEPING; a searcher counted for a worker is given back
 * even if its thread dies before it runs again.
 */
final class Idle {

    private final String dispatcherId;
    private final Remote[] workers;
    private final AtomicInteger searching = new AtomicInteger();
    private final AtomicInteger parked = new AtomicInteger();
    /** Searchers sleeping between rounds ({@link Search}); a hint for pushers, see {@link #wakeNapper}. */
    private final AtomicInteger napping = new AtomicInteger();
    /** Where the next wake-up scan starts; a racy hint that spreads wake-ups. */
    private int wakeCursor;

    Idle(String dispatcherId, Remote[] workers) {
        this.dispatcherId = dispatcherId;
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

    /** @return whether some worker searches now */
    boolean anySearching() {
        return searching.get() > 0;
    }

    /** @return whether a producer should wake someone: nobody searches, somebody is parked */
    boolean wantsWaking() {
        return searching.get() == 0 && parked.get() > 0;
    }

    /**
     * Takes the searcher slot for the worker about to be woken (0 to 1 searchers).
     *
     * @return {@code false} if someone else is searching or waking now
     */
    boolean claimSearcherSlot() {
        return searching.compareAndSet(0, 1);
    }

    /**
     * Claims one sleeping worker and unparks it; the caller holds the searcher slot, which passes
     * to the woken worker.
     *
     * @return {@code false} if nobody was sleeping after all
     */
    boolean wakeOne() {
        int n = workers.length;
        int start = wakeCursor;
        for (int i = 0; i < n; i++) {
            Remote candidate = workers[(start + i) % n];
            if (candidate.claimWake()) {
                parked.decrementAndGet();
                wakeCursor = (start + i + 1) % n;
                LockSupport.unpark(candidate.thread());
                FlightEvents.workerWake(dispatcherId, candidate.index());
                return true;
            }
        }
        return false;
    }

    /** The worker is about to park: its flag is set, then it is counted. */
    void beforePark(Remote worker) {
        worker.sleep();
        parked.incrementAndGet();
    }

    /**
     * The parking worker found work on its re-scan and wants to stay awake.
     *
     * @return {@code true} if it un-parked itself; {@code false} if a notifier had already claimed
     *         it, in which case it is counted as a searcher
     */
    boolean cancelPark(Remote worker) {
        if (worker.cancelSleep()) {
            parked.decrementAndGet();
            return true;
        }
        return false;
    }

    /** The searcher {@code worker} sleeps between rounds from now until {@link #endNap}. */
    void beginNap(Remote worker) {
        worker.setNapping(true);
        napping.incrementAndGet();
    }

    void endNap(Remote worker) {
        napping.decrementAndGet();
        worker.setNapping(false);
    }

    /**
     * Cuts one searcher's sleep short, if one sleeps: work was pushed that a sibling should take at
     * once. A hint, without the park handshake's fences: a sleeper that misses it finds the work when
     * its sleep ends.
     */
    void wakeNapper() {
        if (napping.get() == 0) {
            return;
        }
        for (Remote worker : workers) {
            if (worker.isNapping()) {
                LockSupport.unpark(worker.thread());
                return;
            }
        }
    }

    int parkedCount() {
        return parked.get();
    }
}
