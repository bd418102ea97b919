package io.github.rota.dispatcher.workstealing;

import io.github.rota.spi.dispatch.DispatcherCounter;
import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.dispatch.TurnObservers;
import io.github.rota.spi.jfr.FlightEvents;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntSupplier;
import java.util.function.LongConsumer;

/**
 * One worker of a work-stealing pool, the owner's side: the loop that takes a ready actor from the
 * {@link RunQueues} (in their take order), runs one turn of it, and searches, then parks, when
 * there is none. Other threads see the worker only as the {@link Sibling} side of its
 * {@link LocalQueue}.
 *
 * <p>Threads: the owner is the thread running this worker now ({@link Owner}), one at a time; a
 * worker changes threads when its turn blocks or its thread dies, and the hand-over publishes the
 * fields here (a volatile write of the new thread's worker, or {@code Thread.start}). The
 * owner's mutable state (searching, woken) is in the local queue's owner-only, padded fields:
 * workers are small objects allocated side by side.
 */
final class Worker {

    /**
     * The thread running a worker: it is also the turn of the turns it runs, so a turn allocates
     * nothing; its {@link io.github.rota.spi.dispatch.Turn#linger} asks the worker ({@link #acceptLinger}).
     */
    interface Owner extends TurnObservers.CountingTurn {
        /** {@return the worker this thread runs now; another one, or {@code null}, once it handed this one over} */
        Worker worker();

        /** Gives the next turn its budget. */
        void beginTurn(int budget);

        /** The worker has found nothing to do and is about to park: the thread's own housekeeping. */
        void beforePark();
    }

    private final LocalQueue local;
    private final RunQueues queues;
    private final TurnRunner turns;
    private final WaitStrategy waiting;
    /** The pool's throughput budget, read once per turn. */
    private final IntSupplier budget;

    Worker(LocalQueue local, RunQueues queues, TurnRunner turns, WaitStrategy waiting, IntSupplier budget) {
        this.local = local;
        this.queues = queues;
        this.turns = turns;
        this.waiting = waiting;
        this.budget = budget;
    }

    LocalQueue local() {
        return local;
    }

    /** Tests only: the thread a notifier would unpark, for a worker that never runs. */
    void bind(Thread thread) {
        local.bind(thread);
    }

    /**
     * The most rounds (takes, searches or parks) one {@link #runOn} runs before it returns to its
     * thread's loop. A worker must not live in one frame for ever: a loop that never returns is
     * compiled only on the stack (OSR), and when HotSpot replaces that code (a rare branch taken,
     * a callee recompiled) a thread that is still inside it keeps running the retired code, whose
     * calls can no longer be patched: each goes through an adapter into the interpreter. Measured
     * in the one-pair JMH benchmark on JDK 17: 2 JVMs of 30 ran at 570-860 ns a message instead
     * of about 55 for most of their lives. Returning every slice bounds that to one slice (a few
     * milliseconds at the rates here), and the return costs nothing measurable.
     */
    static final int ROUNDS_PER_SLICE = 1 << 16;

    /**
     * Runs one slice of this worker on {@code owner}: up to {@value #ROUNDS_PER_SLICE} rounds, or
     * until the queues close or {@code owner} hands it to another thread (its turn blocked).
     *
     * @return {@code true} if the slice ended with the worker still {@code owner}'s and the queues
     *         open: call again; {@code false} once it stopped here
     */
    boolean runOn(Owner owner) {
        local.bind(Thread.currentThread()); // runOn runs on the owner
        for (int round = 0; round < ROUNDS_PER_SLICE; round++) {
            if (owner.worker() != this || queues.isClosed()) {
                stopSearching(owner);
                return false;
            }
            Schedulable s = queues.take(local);
            if (s == null) {
                s = searchOrPark(owner);
            }
            if (s != null) {
                runTurnOf(s, owner);
            }
        }
        return true;
    }

    private void stopSearching(Owner owner) {
        if (owner.worker() == this && local.searching) {
            local.searching = false;
            queues.endSearching();
        }
    }

    /**
     * The running turn's actor has no work left and asks to linger: yes if a linger slot is free and
     * the exchange it takes part in goes on here (an actor waits in the next slot, or a lingering one
     * has work), so a reply is likely soon; an actor with nobody to answer it goes idle at once.
     * The slot is filled once the turn has returned ({@link #runTurnOf}).
     */
    boolean acceptLinger() {
        if (!local.hasLingerRoom() || !(local.hasNextSlot() || local.hasLingeringWithWork())) {
            return false;
        }
        local.lingerAccepted = true;
        return true;
    }

    private void runTurnOf(Schedulable s, Owner owner) {
        if (local.searching) {
            local.searching = false;
            if (queues.endSearching()) {
                queues.notifyOne(); // we were the last searcher: there may be more work out there
            }
        }
        local.woken = false;
        local.counters().increment(DispatcherCounter.TURNS);
        owner.beginTurn(budget.getAsInt());
        long epoch = local.ownTurnEpoch();
        local.running = s;
        local.advanceTurnEpoch(); // odd: in a turn (read by thieves and the starvation probe)
        LongConsumer sampler = turns.samplerFor(epoch);
        long start = sampler != null ? System.nanoTime() : 0;
        boolean more = turns.run(s, owner);
        if (owner.worker() != this) {
            // The turn blocked and this worker went on without it, on a spare thread: the turn ended
            // on a thread of its own, which touches nothing of the worker's now.
            if (more) {
                queues.requeue(s);
            }
            return;
        }
        local.advanceTurnEpoch(); // even: between turns
        local.running = null; // between turns the worker does not keep its last actor reachable
        if (local.lingerAccepted) {
            local.lingerAccepted = false;
            if (!more) { // a schedulable that lingers has no work left: it cannot also yield
                local.putLingering(s); // after the turn returned: the slot's release store publishes its last writes
            }
        }
        if (more) {
            local.counters().increment(DispatcherCounter.BUDGET_YIELDS);
            queues.push(local, s); // before the sampler: an actor is never left scheduled on no queue
        }
        if (sampler != null) {
            sampler.accept(System.nanoTime() - start);
        }
    }

    /** A producer running on this worker made {@code s} ready. */
    void scheduleFromHere(Schedulable s) {
        queues.scheduleFromHere(local, s);
    }

    /** A turn on this worker keeps sending to {@code s}, which may wait in this worker's next or linger slot. */
    void expedite(Schedulable s) {
        queues.expedite(local, s);
    }

    /** Adds to this worker's message count. */
    void countMessages(int count) {
        local.counters().add(DispatcherCounter.MESSAGES, count);
    }

    // ---------------------------------------------------------------- blocking turns and dead threads

    /** A turn is about to block: nobody may wait on this worker meanwhile, so its lingering actors go. */
    void beforeBlocking() {
        queues.releaseLingering(local);
    }

    /**
     * In a turn that is about to block: this worker leaves the turn, which its thread will finish
     * without it, and is handed to a spare thread (which counts the hand-over, once it has the worker).
     */
    void leaveBlockingTurn() {
        local.lingerAccepted = false; // the blocked turn ends without a worker: it does not linger
        local.advanceTurnEpoch(); // even: not in a turn any more
    }

    /**
     * The calling thread has just taken this worker over, for a reason it counts as the new owner
     * ({@link DispatcherCounter#BLOCKING_HANDOVERS} or {@link DispatcherCounter#WORKERS_REPLACED}):
     * a thread that could not be started took nothing over, and counts nothing.
     */
    void takenOver(DispatcherCounter reason) {
        local.counters().increment(reason);
    }

    /** The hand-over failed (no thread could be started): the turn goes on with this worker. */
    void returnToBlockingTurn() {
        local.advanceTurnEpoch(); // odd again
    }

    /**
     * The current turn is about to block with this worker (every spare thread is in use): the next
     * slot and the ring go to the global queue, where the other workers find them.
     */
    void blockWithoutSpare() {
        local.counters().increment(DispatcherCounter.BLOCKED_WITHOUT_SPARE);
        queues.handOffAll(local);
    }

    /**
     * After its thread died outside a turn: puts the idle accounting back as if this worker had
     * just woken, so that a new thread can run it and wake-ups keep working (a dead searcher would
     * otherwise count as searching for ever, and nobody would be woken again). It counts as one
     * searcher if it was searching, or a notifier had woken it (that notifier counted it): whether
     * before it died or just now, racing this cancel.
     */
    void recoverFromDeadThread() {
        boolean searcher = local.searching;
        local.searching = false;
        if (!(local.isSleeping() && queues.cancelPark(local)) && local.isWoken()) {
            searcher = true;
        }
        local.wakeAfterDeath();
        if (searcher) {
            queues.endSearching();
        }
        local.woken = false;
        local.lingerAccepted = false; // the turn that asked to linger died with the thread
        if ((local.ownTurnEpoch() & 1) != 0) {
            local.advanceTurnEpoch();
        }
    }

    // ---------------------------------------------------------------- searching and parking

    private Schedulable searchOrPark(Owner owner) {
        if (!local.searching) {
            local.searching = queues.tryBeginSearching();
        }
        if (local.searching) {
            for (int round = 0; round < waiting.rounds() && !queues.isClosed(); round++) {
                Schedulable s = queues.searchOnce(local);
                if (s != null) {
                    return s;
                }
                waiting.pause(round);
            }
            local.searching = false;
            queues.endSearching();
        }
        owner.beforePark();
        park();
        return null;
    }

    void park() {
        if (local.woken) {
            local.counters().increment(DispatcherCounter.NOOP_WAKEUPS);
            local.woken = false;
        }
        if (!prepareToPark()) {
            return;
        }
        FlightEvents.Park parked = FlightEvents.parkStarting();
        while (local.isSleeping() && !queues.isClosed()) {
            local.counters().increment(DispatcherCounter.PARKS);
            // With the flag set, park returns at once, every time: an interrupted worker would spin.
            Thread.interrupted();
            LockSupport.park(queues);
        }
        if (local.isWoken()) {
            local.takeUpWake(); // the notifier counted us as a searcher
            local.counters().increment(DispatcherCounter.UNPARKS);
            local.woken = true;
        }
        if (parked != null) {
            parked.finish(queues.dispatcherId(), local.index());
        }
    }

    /**
     * Registers as sleeping, then re-scans every queue (the worker's half of the Dekker handshake
     * with {@link RunQueues#notifyOne}).
     *
     * @return {@code true} if the worker must block until a notifier claims it; {@code false} if
     *         the re-scan found work (or the queues closed) and the worker stays awake
     */
    boolean prepareToPark() {
        queues.beforePark(local);
        if (queues.hasWorkToSteal() || queues.isClosed()) {
            if (!queues.cancelPark(local)) {
                local.takeUpWake(); // a notifier claimed us and counted us as a searcher
            }
            return false;
        }
        return true;
    }
}
