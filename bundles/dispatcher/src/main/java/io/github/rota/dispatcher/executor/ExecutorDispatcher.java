package io.github.rota.dispatcher.executor;

import io.github.rota.api.DispatcherError;
import io.github.rota.spi.support.AbstractDispatcher;
import io.github.rota.api.DispatcherCounter;
import io.github.rota.api.DispatcherStats;
import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.dispatch.SchedulableTask;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A dispatcher over a JDK {@link ForkJoinPool} in FIFO (async) mode, as Pekko's default dispatcher:
 * a ready actor is itself the pool's task (a {@link SchedulableTask}, as Pekko's mailbox is its own
 * ForkJoinTask), so scheduling it allocates nothing, and a turn that ends with work left queues the
 * same task again, behind the work already queued on that thread. The pool's threads are the
 * {@link io.github.rota.spi.dispatch.Turn} of the turns they run ({@link ExecutorThread}), so a turn
 * allocates nothing either. A schedulable that is not a task (a third party's) is wrapped in one per
 * scheduling. This is the Akka/Pekko model, and the baseline the work-stealing dispatcher is measured
 * against.
 *
 * <p>Blocking: {@link ExecutorThread#blocking} goes through {@link ForkJoinPool#managedBlock}, so the
 * pool adds a thread while a turn blocks, up to {@code workers + maxSpareWorkers} threads.
 *
 * <p>Stopping: once the dispatcher is stopping, no task runs another turn: a task taken from the queue,
 * or one whose turn yielded, is handed back instead (into {@code handedBack}, which {@link #stop()}
 * returns once the pool has terminated). The pool's shutdown refuses new tasks; the ones queued
 * before it still run, and hand themselves back.
 *
 * <p>Thread-safety: the budget and the stopping flag are volatile, read once per turn. A task's runner
 * is written before the pool queues it, and the queue publishes it.
 */
final class ExecutorDispatcher extends AbstractDispatcher implements SchedulableTask.Runner {

    private static final Logger LOG = LoggerFactory.getLogger(ExecutorDispatcher.class);
    /** How long a thread the pool added for a blocked turn stays when idle (the JDK's default). */
    private static final long SPARE_KEEP_ALIVE_SECONDS = 60;

    private final ForkJoinPool pool;
    private final int workers;
    private final Consumer<Object> events;
    private final ConcurrentLinkedQueue<Schedulable> handedBack = new ConcurrentLinkedQueue<>();

    ExecutorDispatcher(String systemName, String id, int workers, int maxSpareWorkers, int budget,
                       Consumer<Object> events) {
        super(id, ExecutorDispatcherProvider.KIND, budget, fault -> {
            LOG.error("turn observer of dispatcher '{}' failed", id, fault);
            events.accept(new DispatcherError(id, fault, null));
        });
        this.workers = workers;
        this.events = events;
        String prefix = systemName + "-" + id + "-worker-";
        AtomicInteger threadNumber = new AtomicInteger();
        ForkJoinPool.ForkJoinWorkerThreadFactory factory =
                forkJoinPool -> new ExecutorThread(forkJoinPool, this, prefix + threadNumber.incrementAndGet());
        this.pool = new ForkJoinPool(workers, factory,
                (thread, failure) -> LOG.error("uncaught failure on dispatcher '{}' thread {}", id, thread.getName(), failure),
                true, 0, Math.min(workers + maxSpareWorkers, ExecutorDispatcherProvider.MAX_WORKERS), 1,
                atMaximum -> true, // with every spare in use, a blocking turn blocks without one (instead of failing)
                SPARE_KEEP_ALIVE_SECONDS, TimeUnit.SECONDS);
    }

    @Override
    public void start() {
        // The pool starts its threads on demand.
    }

    @Override
    public void schedule(Schedulable schedulable) {
        refuseIfStopping();
        ForkJoinTask<?> task = schedulable instanceof SchedulableTask own ? own.queuedBy(this) : new Wrapped(schedulable);
        try {
            pool.execute(task);
        } catch (RejectedExecutionException shutDown) {
            // The pool's own refusal names nothing: say which dispatcher refused.
            RejectedExecutionException refused = refusal();
            refused.initCause(shutDown);
            throw refused;
        }
    }

    @Override
    public void runQueued(SchedulableTask task) {
        run(task, task);
    }

    /**
     * One turn of {@code schedulable}, which {@code task} (the schedulable itself, or its wrapper)
     * brought to this pool thread; {@code task} is queued again if the turn yielded with work left.
     * Throws nothing: the task must stay runnable.
     */
    private void run(Schedulable schedulable, ForkJoinTask<?> task) {
        if (isStopping()) {
            handedBack.add(schedulable); // taken from the queue after stop: no new turn
            return;
        }
        if (!(Thread.currentThread() instanceof ExecutorThread thread) || thread.getPool() != pool) {
            // Only a thread helping a join runs another pool's task; nobody joins these. A pool thread will.
            requeue(schedulable, task);
            return;
        }
        boolean more;
        try {
            more = observers().runTurn(schedulable, thread);
        } catch (Throwable fault) {
            // The runtime guards user code; reaching here is a bug in a schedulable. Keep the thread.
            LOG.error("turn of {} failed on {}", schedulable, Thread.currentThread().getName(), fault);
            events.accept(new DispatcherError(id(), fault, null));
            more = false;
        } finally {
            Thread.interrupted(); // the flag a turn left behind is not the next turn's
        }
        if (more) {
            requeue(schedulable, task); // a pool thread's own queue, behind what waits there: the budget's yield
        }
    }

    private void requeue(Schedulable schedulable, ForkJoinTask<?> task) {
        if (isStopping()) {
            handedBack.add(schedulable);
            return;
        }
        try {
            pool.execute(task);
        } catch (RejectedExecutionException e) {
            handedBack.add(schedulable); // shut down between the check and the queuing
        }
    }

    @Override
    public List<Schedulable> stop() {
        if (Thread.currentThread() instanceof ForkJoinWorkerThread
                && ((ForkJoinWorkerThread) Thread.currentThread()).getPool() == pool) {
            throw new IllegalStateException("dispatcher '" + id() + "' cannot be stopped from its own worker; use signalStop()");
        }
        signalStop();
        boolean interrupted = false;
        while (true) {
            try {
                if (pool.awaitTermination(1, TimeUnit.MINUTES)) {
                    break;
                }
                LOG.warn("dispatcher '{}' still waiting for a worker to finish its turn", id());
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        List<Schedulable> unrun = new ArrayList<>();
        for (Schedulable s = handedBack.poll(); s != null; s = handedBack.poll()) {
            unrun.add(s);
        }
        return unrun;
    }

    /**
     * From the ForkJoinPool's own estimates; its only counter is its steal count (tasks run on a
     * thread other than their submitter's: one actor per steal).
     */
    @Override
    public DispatcherStats stats() {
        int threads = pool.getPoolSize();
        long steals = pool.getStealCount();
        return new DispatcherStats(workers, Math.max(0, threads - pool.getActiveThreadCount()),
                pool.getQueuedSubmissionCount(), List.of(),
                Map.of(DispatcherCounter.STEAL_OPERATIONS, steals, DispatcherCounter.ACTORS_STOLEN, steals));
    }

    @Override
    public void signalStop() {
        markStopping();
        pool.shutdown();
    }

    @Override
    protected String describe() {
        return ", workers=" + workers;
    }

    /** Blocking work for a turn on this pool: the pool may add a thread meanwhile. */
    static <T> T managedBlock(Callable<T> work) throws Exception {
        Blocker<T> blocker = new Blocker<>(work);
        ForkJoinPool.managedBlock(blocker);
        return blocker.result();
    }

    /**
     * A schedulable that is not a task, in a task of its own for one scheduling (and its yields):
     * {@code exec} returns {@code false}, so the wrapper never completes and can be queued again.
     */
    private final class Wrapped extends ForkJoinTask<Void> {

        private static final long serialVersionUID = 1L;

        private final transient Schedulable schedulable;

        Wrapped(Schedulable schedulable) {
            this.schedulable = schedulable;
        }

        @Override
        protected boolean exec() {
            run(schedulable, this);
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

    /** A blocking call as a {@link ForkJoinPool.ManagedBlocker}, which lets the pool compensate. */
    private static final class Blocker<T> implements ForkJoinPool.ManagedBlocker {
        private final Callable<T> work;
        private boolean done;
        private T result;
        private Exception failure;

        Blocker(Callable<T> work) {
            this.work = work;
        }

        @Override
        public boolean block() {
            try {
                result = work.call();
            } catch (Exception e) {
                failure = e;
            }
            done = true;
            return true;
        }

        @Override
        public boolean isReleasable() {
            return done;
        }

        T result() throws Exception {
            if (failure != null) {
                throw failure;
            }
            return result;
        }
    }
}
