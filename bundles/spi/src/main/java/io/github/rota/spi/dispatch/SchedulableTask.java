package io.github.rota.spi.dispatch;

import java.util.concurrent.ForkJoinTask;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * A {@link Schedulable} that is its own {@link ForkJoinTask}, as Pekko's mailbox is: a dispatcher over a
 * {@link java.util.concurrent.ForkJoinPool} queues the object itself, so scheduling it allocates
 * nothing. Rota's actors are such tasks; any other schedulable still works with every dispatcher.
 *
 * <p>The dispatcher that queues it names itself first ({@link #queuedBy}); the pool thread that takes
 * it calls that {@link Runner}. The task never completes: {@link #exec} returns {@code false}, so the
 * same object can be queued again after each turn.
 *
 * <p>Threads: the runner is a plain field, written by the thread that queues the task, before it
 * queues it; the pool's queue publishes it to the thread that takes the task. A schedulable is queued
 * at most once until its turn has returned ({@link Schedulable}), so no two writes race.
 */
@ConsumerType
public abstract class SchedulableTask extends ForkJoinTask<Void> implements Schedulable {

    private static final long serialVersionUID = 1L;

    /** What runs a queued task's turn: the dispatcher that queued it. */
    @ConsumerType
    @FunctionalInterface
    public interface Runner {
        /**
         * Runs {@code task}'s turn on the calling pool thread, and queues it again if it has more work.
         * Must not throw: a {@code ForkJoinTask} that ends with an exception can never run again.
         *
         * @param task the task the pool handed this thread
         */
        void runQueued(SchedulableTask task);
    }

    private transient Runner runner;

    /** For subclasses. */
    protected SchedulableTask() {
    }

    /**
     * Names the dispatcher whose pool the caller is about to queue this task on.
     *
     * @param queuing the dispatcher, which will run the turn
     * @return this task, to queue
     */
    public final SchedulableTask queuedBy(Runner queuing) {
        runner = queuing;
        return this;
    }

    /** Runs the turn through the dispatcher that queued the task; never completes the task. */
    @Override
    protected final boolean exec() {
        try {
            runner.runQueued(this);
        } catch (Throwable fault) {
            // The runner keeps its faults; should one escape, the task must stay runnable all the same.
            Thread current = Thread.currentThread();
            current.getUncaughtExceptionHandler().uncaughtException(current, fault);
        }
        return false;
    }

    /** {@return nothing: the task has no result} */
    @Override
    public final Void getRawResult() {
        return null;
    }

    /** Ignored: the task has no result. */
    @Override
    protected final void setRawResult(Void value) {
    }
}
