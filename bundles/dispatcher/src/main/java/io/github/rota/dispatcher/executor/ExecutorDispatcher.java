package io.github.rota.dispatcher.executor;

import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.DispatcherStats;
import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.dispatch.Turn;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A dispatcher over a JDK {@link ForkJoinPool} in FIFO (async) mode: each ready actor is a task,
 * and a turn that ends with work left resubmits the same task, which lands behind the work already
 * queued on that worker. This is the Akka/Pekko model, and the baseline the work-stealing
 * dispatcher is measured against.
 *
 * <p>Thread-safety: {@code budget} is volatile and read once per turn, so a change applies on the
 * next turn. Everything else is final or owned by the pool.
 */
final class ExecutorDispatcher implements Dispatcher {

    private static final Logger LOG = LoggerFactory.getLogger(ExecutorDispatcher.class);

    private final String id;
    private final ForkJoinPool pool;
    private final int workers;
    private volatile int budget;

    ExecutorDispatcher(String systemName, String id, int workers, int budget) {
        this.id = id;
        this.workers = workers;
        this.budget = Dispatcher.checkThroughputBudget(budget);
        String prefix = systemName + "-" + id + "-worker-";
        AtomicInteger threadNumber = new AtomicInteger();
        ForkJoinPool.ForkJoinWorkerThreadFactory factory = forkJoinPool -> {
            ForkJoinWorkerThread thread = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(forkJoinPool);
            thread.setName(prefix + threadNumber.incrementAndGet());
            return thread;
        };
        this.pool = new ForkJoinPool(workers, factory,
                (thread, failure) -> LOG.error("uncaught failure on dispatcher '{}' thread {}", id, thread.getName(), failure),
                true);
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public String kind() {
        return ExecutorDispatcherProvider.KIND;
    }

    @Override
    public void start() {
        // The pool starts its threads on demand.
    }

    @Override
    public void schedule(Schedulable schedulable) {
        pool.execute(new TurnTask(schedulable));
    }

    /** Runs every queued turn before it returns, so nothing is handed back. */
    @Override
    public List<Schedulable> stop() {
        if (Thread.currentThread() instanceof ForkJoinWorkerThread
                && ((ForkJoinWorkerThread) Thread.currentThread()).getPool() == pool) {
            throw new IllegalStateException("dispatcher '" + id + "' cannot be stopped from its own worker; use signalStop()");
        }
        pool.shutdown();
        boolean interrupted = false;
        while (true) {
            try {
                if (pool.awaitTermination(1, TimeUnit.MINUTES)) {
                    break;
                }
                LOG.warn("dispatcher '{}' still waiting for a worker to finish its turn", id);
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return List.of();
    }

    /** From the ForkJoinPool's own estimates; its only counter is {@code steals}. */
    @Override
    public DispatcherStats stats() {
        int threads = pool.getPoolSize();
        return new DispatcherStats(workers, Math.max(0, threads - pool.getActiveThreadCount()),
                pool.getQueuedSubmissionCount(), List.of(), Map.of("steals", pool.getStealCount()));
    }

    @Override
    public void signalStop() {
        pool.shutdown();
    }

    @Override
    public int throughputBudget() {
        return budget;
    }

    @Override
    public void setThroughputBudget(int budget) {
        this.budget = Dispatcher.checkThroughputBudget(budget);
    }

    @Override
    public String toString() {
        return "ExecutorDispatcher[" + id + ", workers=" + workers + ", budget=" + budget + "]";
    }

    /**
     * One scheduling of one schedulable. {@code exec} returns {@code false} so the task never
     * completes and can be resubmitted when the turn yields (as Pekko's mailbox does); it is
     * resubmitted only after {@code runTurn} has returned, so one task never runs twice at once.
     */
    private final class TurnTask extends ForkJoinTask<Void> implements Turn {

        private static final long serialVersionUID = 1L;

        private final transient Schedulable schedulable;

        TurnTask(Schedulable schedulable) {
            this.schedulable = schedulable;
        }

        @Override
        public int budget() {
            return budget;
        }

        @Override
        public void messagesHandled(int count) {
            // This kind keeps no counters: it is the plain-JDK baseline.
        }

        @Override
        protected boolean exec() {
            if (schedulable.runTurn(this)) {
                try {
                    pool.execute(this);
                } catch (RejectedExecutionException e) {
                    // Shut down with work left: finish it here so nothing already queued is lost.
                    boolean more = true;
                    while (more) {
                        more = schedulable.runTurn(this);
                    }
                }
            }
            return false;
        }

        @Override
        public Void getRawResult() {
            return null;
        }

        @Override
        protected void setRawResult(Void value) {
        }
    }
}
