package io.github.rota.spi.dispatch;

import io.github.rota.api.DispatcherCounter;
import io.github.rota.api.DispatcherStats;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * Decides which {@link Schedulable} runs next on which thread. Dispatchers are named by an
 * {@linkplain #id() id} and created by a {@link DispatcherProvider} of some {@linkplain #kind() kind}.
 *
 * <p>Lifecycle: {@link #start()} before the first {@link #schedule}; {@link #stop()} or
 * {@link #signalStop()} at the end. After stopping, {@code schedule} throws
 * {@link java.util.concurrent.RejectedExecutionException}.
 *
 * <p>The throughput budget is live: a change through {@link #setThroughputBudget} applies from the
 * next turn on, since it is read once per turn.
 *
 * <p>A decorator extends {@link io.github.rota.spi.support.ForwardingDispatcher}, so that it forwards every method, including
 * ones added to this interface later.
 */
@ConsumerType
public interface Dispatcher {

    /** Smallest valid throughput budget. */
    int MIN_THROUGHPUT_BUDGET = 1;
    /** Largest valid throughput budget. */
    int MAX_THROUGHPUT_BUDGET = 1_000_000;

    /** {@return this dispatcher's id, unique in its actor system} */
    String id();

    /** {@return the kind of dispatcher, e.g. {@code executor}} */
    String kind();

    /** Starts the worker threads, if any. Idempotent. */
    void start();

    /**
     * Makes a schedulable run a turn soon. Thread-safe; called by producers on any thread. Each call
     * must lead to exactly one {@link Schedulable#runTurn} (or to the schedulable being handed back by
     * {@link #stop()}), on one thread, which passes its {@link Turn}: the budget, and
     * {@link Turn#blocking} for a turn that blocks. Rota's actors still guard against a dispatcher that breaks
     * this: of two threads handed one scheduling, only one runs the turn, and the other is reported
     * as a {@link io.github.rota.api.DispatcherError}.
     *
     * @param schedulable the work, which has just become ready
     * @throws java.util.concurrent.RejectedExecutionException if the dispatcher has stopped
     */
    void schedule(Schedulable schedulable);

    /**
     * Stops accepting work and ends every thread at its next turn boundary: a turn in progress
     * finishes, and no thread starts another one (a schedulable that keeps finding work, never
     * going idle, is stopped after its current turn like any other). Returns once every thread has
     * ended. The same for every kind. Must not be called from one of this dispatcher's own threads;
     * use {@link #signalStop()} there.
     *
     * @return every schedulable that still holds a scheduling here — queued and never run, or
     *         yielded with work left at the boundary — each exactly once; so that nothing is lost
     *         the caller, who owns this dispatcher, hands each back ({@link Schedulable#handedBack}),
     *         and its scheduler schedules it elsewhere. A second call returns an empty list.
     */
    List<Schedulable> stop();

    /**
     * Stops {@code dispatcher} ({@link #stop()}) and hands each schedulable it had not run back to
     * whoever scheduled it ({@link Schedulable#handedBack}), which schedules it elsewhere: what the
     * owner of a dispatcher that others schedule on does when it stops it. Static, so that a
     * decorator's {@code stop} is the one that runs. Not from one of the dispatcher's own threads.
     *
     * @param dispatcher the dispatcher to stop
     * @return how many schedulables were handed back
     */
    static int stopAndHandBack(Dispatcher dispatcher) {
        List<Schedulable> unrun = dispatcher.stop();
        RejectedExecutionException stopped =
                new RejectedExecutionException("dispatcher '" + dispatcher.id() + "' stopped before running it");
        unrun.forEach(s -> s.handedBack(stopped));
        return unrun.size();
    }

    /**
     * Stops accepting work and tells every thread to end at its next turn boundary, without
     * waiting; a later {@link #stop()} waits for them and hands back what did not run.
     */
    void signalStop();

    /**
     * Adds an observer of every turn this dispatcher runs from now on, called on the turn's thread
     * around it: how decorators (metering, tracing) watch turns without wrapping schedulables.
     *
     * @param observer the observer
     */
    void observeTurns(TurnObserver observer);

    /** {@return a snapshot of the dispatcher's counters and queues; {@link DispatcherStats#NONE} if it keeps none} */
    default DispatcherStats stats() {
        return DispatcherStats.NONE;
    }

    /**
     * Reads one counter, without the whole snapshot where the kind can (an MBean attribute reads
     * one at a time).
     *
     * @param counter the counter
     * @return its value; 0 if this kind does not keep it
     */
    default long counter(DispatcherCounter counter) {
        return stats().counter(counter);
    }

    /**
     * Reports how long a sample of this dispatcher's turns took (about one turn in
     * {@value #TURN_SAMPLE_INTERVAL}, so the hot path reads no clock on the others), in nanoseconds,
     * to {@code listener}, from its worker threads, until it is removed. Several listeners may
     * watch at once (management's histograms, an actor system's sample listeners); adding one that
     * is already added does nothing. A dispatcher that does not sample ignores this.
     *
     * @param listener what receives the samples; must be thread-safe, quick, and not throw
     * @since 4.0
     */
    default void addTurnSampleListener(java.util.function.LongConsumer listener) {
    }

    /**
     * Stops reporting turn samples to {@code listener}; nothing if it was not added.
     *
     * @param listener a listener added before
     * @since 4.0
     */
    default void removeTurnSampleListener(java.util.function.LongConsumer listener) {
    }

    /** About one turn in this many is timed for the {@linkplain #addTurnSampleListener turn sample listeners}. */
    int TURN_SAMPLE_INTERVAL = 64;

    /** {@return the current throughput budget: user messages an actor may handle per turn} */
    int throughputBudget();

    /**
     * Changes the throughput budget from the next turn on.
     *
     * @param budget {@value #MIN_THROUGHPUT_BUDGET}..{@value #MAX_THROUGHPUT_BUDGET}
     * @throws IllegalArgumentException if out of range; the budget is unchanged
     */
    void setThroughputBudget(int budget);

    /**
     * Checks a budget value.
     *
     * @param budget a proposed budget
     * @return {@code budget}
     * @throws IllegalArgumentException naming the value if it is out of range
     */
    static int checkThroughputBudget(int budget) {
        if (budget < MIN_THROUGHPUT_BUDGET || budget > MAX_THROUGHPUT_BUDGET) {
            throw new IllegalArgumentException("throughput budget must be in " + MIN_THROUGHPUT_BUDGET
                    + ".." + MAX_THROUGHPUT_BUDGET + ", was " + budget);
        }
        return budget;
    }
}
