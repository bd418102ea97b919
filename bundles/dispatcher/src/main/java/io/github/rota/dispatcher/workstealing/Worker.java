package io.github.rota.dispatcher.workstealing;

import io.github.rota.api.DispatcherCounter;
import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.support.TurnObservers;
import io.github.rota.spi.jfr.FlightEvents;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntSupplier;
import java.util.function.LongConsumer;

/**
 * One worker's loop: take a ready actor (its {@link Core}'s take order), run one turn of it, and
 * when there is none, search ({@link Search}), then park. It runs on whichever thread owns the
 * worker now ({@link Owner}); what it keeps is its core's, and what other threads see of it is its
 * {@link Remote}.
 *
 * <p>Threads: one owner at a time; a worker changes threads when its turn blocks or its thread
 * dies, and the hand-over publishes its state (a volatile write of the new thread's worker, or
 * {@code Thread.start}).
 */
final class Worker {

    /**
     * The thread running a worker: it is also the turn of the turns it runs, so a turn allocates
     * nothing; its {@link io.github.rota.spi.dispatch.Turn#linger} asks the worker's core
     * ({@link Core#acceptLinger}).
     */
    interface Owner extends TurnObservers.CountingTurn {
        /** {@return the worker this thread runs now; another one, or {@code null}, once it handed this one over} */
        Worker worker();

        /** Gives the next turn its budget. */
        void beginTurn(int budget);

        /** The worker has found nothing to do and is about to park: the thread's own housekeeping. */
        void beforePark();
    }

    /**
     * The most rounds (takes, searches or parks) one {@link #runOn} runs before it returns to its
     * thread's loop. A worker must not live in one frame for ever: a loop that never returns is
     * compiled only on the stack (OSR), and when HotSpot replaces that code (a rare branch taken,
     * a callee recompiled) a thread that is still inside it keeps running the retired code, whose
     * calls can no longer be patched: each goes through an adapter into the interpreter, many times
     * slower. Returning every slice bounds that to one slice (a few milliseconds at the rates
     * here), and the return costs nothing measurable.
     */
    static final int ROUNDS_PER_SLICE = 1 << 16;
    /**
     * A shorter wait for a sibling's work to turn stale is spun, not slept: a timed park oversleeps
     * by the kernel's timer slack (50 µs on Linux by default).
     */
    static final long MIN_NAP_NANOS = 10_000;

    private final Core core;
    private final Search search;
    private final Shared shared;
    private final TurnRunner turns;
    private final WaitStrategy waiting;
    /** The pool's throughput budget, read once per turn. */
    private final IntSupplier budget;

    Worker(Core core, TurnRunner turns, WaitStrategy waiting, IntSupplier budget) {
        this.core = core;
        this.search = new Search(core.remote, core.shared);
        this.shared = core.shared;
        this.turns = turns;
        this.waiting = waiting;
        this.budget = budget;
    }

    /** {@return the worker's own state, for its owner} */
    Core core() {
        return core;
    }

    /**
     * Runs one slice of this worker on {@code owner}: up to {@value #ROUNDS_PER_SLICE} rounds, or
     * until the queues close or {@code owner} hands it to another thread (its turn blocked).
     *
     * @return {@code true} if the slice ended with the worker still {@code owner}'s and the queues
     *         open: call again; {@code false} once it stopped here
     */
    boolean runOn(Owner owner) {
        core.remote.bind(Thread.currentThread()); // runOn runs on the owner
        for (int round = 0; round < ROUNDS_PER_SLICE; round++) {
            if (owner.worker() != this || shared.isClosed()) {
                if (owner.worker() == this) {
                    core.endSearching();
                }
                return false;
            }
            Schedulable s = core.take();
            if (s == null) {
                s = searchOrPark(owner);
            }
            if (s != null) {
                runTurnOf(s, owner);
            }
        }
        return true;
    }

    private void runTurnOf(Schedulable s, Owner owner) {
        core.turnStarting();
        owner.beginTurn(budget.getAsInt());
        long epoch = core.remote.ownTurnEpoch();
        core.remote.beginTurn(s); // odd: in a turn (read by thieves and the starvation probe)
        LongConsumer sampler = turns.samplerFor(epoch);
        long start = sampler != null ? System.nanoTime() : 0;
        boolean more = turns.run(s, owner);
        if (owner.worker() != this) {
            // The turn blocked and this worker went on without it, on a spare thread: the turn ended
            // on a thread of its own, which touches nothing of the worker's now.
            if (more) {
                shared.requeue(s);
            }
            return;
        }
        core.remote.endTurn(); // even: between turns
        core.turnEnded(s, more); // before the sampler: an actor is never left scheduled on no queue
        if (sampler != null) {
            sampler.accept(System.nanoTime() - start);
        }
    }

    // ---------------------------------------------------------------- searching and parking

    /**
     * Searches for a while, then parks. A round that sees only rings their owners are still draining,
     * or actors a sibling's long turn made ready that have not waited their hand-off wait, sleeps until
     * the first of them may turn stale ({@link Search}) instead of reading their lines again at once.
     * It sleeps as a searcher, so a sibling's sends wake nobody meanwhile, and an exchange that keeps
     * that sibling's ring busy costs it neither a probe per message nor an unpark;
     * a push to the global queue, or of an urgent actor, cuts the sleep short ({@link Shared#notifyUrgent}).
     */
    private Schedulable searchOrPark(Owner owner) {
        search.outOfWork(System.nanoTime());
        if (core.beginSearching()) {
            for (int round = 0; round < waiting.rounds() && !shared.isClosed(); round++) {
                Schedulable s = search.once();
                if (s != null) {
                    return s;
                }
                long untilStale = search.nanosUntilStale();
                if (untilStale >= MIN_NAP_NANOS && untilStale != Search.NO_WORK_IN_SIGHT) {
                    napFor(untilStale);
                } else {
                    waiting.pause(round);
                }
            }
            core.endSearching();
        }
        owner.beforePark();
        park();
        return null;
    }

    private void napFor(long nanos) {
        core.counters.increment(DispatcherCounter.SEARCH_NAPS);
        Thread.interrupted(); // as in park: a pending interrupt would end every nap at once
        shared.idle.beginNap(core.remote);
        try {
            LockSupport.parkNanos(shared, nanos);
        } finally {
            shared.idle.endNap(core.remote);
        }
    }

    /**
     * Parks until a notifier wakes the worker; for {@value Search#STALE_RING_NANOS} ns at most when the
     * only work in sight is in siblings' rings and nobody searches them (their owners may be draining
     * them: it looks again then, rather than spin or leave them unwatched).
     */
    void park() {
        core.countNoopWakeup();
        long nanos = core.prepareToPark();
        if (nanos == 0) {
            return;
        }
        FlightEvents.Park parked = FlightEvents.parkStarting();
        long deadline = nanos == Core.UNTIL_WOKEN ? 0 : System.nanoTime() + nanos;
        while (core.remote.isSleeping() && !shared.isClosed()) {
            core.counters.increment(DispatcherCounter.PARKS);
            // With the flag set, park returns at once, every time: an interrupted worker would spin.
            Thread.interrupted();
            if (nanos == Core.UNTIL_WOKEN) {
                LockSupport.park(shared);
            } else {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    break;
                }
                LockSupport.parkNanos(shared, left);
            }
        }
        core.afterPark();
        if (parked != null) {
            parked.finish(shared.dispatcherId(), core.remote.index);
        }
    }
}
