package io.github.rota.dispatcher.executor;

import io.github.rota.api.DispatcherError;
import io.github.rota.spi.dispatch.AbstractDispatcher;
import io.github.rota.spi.dispatch.DispatcherCounter;
import io.github.rota.spi.dispatch.DispatcherStats;
import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.dispatch.TurnObservers;
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
 * A dispatcher over a JDK {@link ForkJoinPool} in FIFO (async) mode: each ready actor is a task,
 * and a turn that ends with work left resubmits the same task, which lands behind the work already
 * queued on that worker. This is the Akka/Pekko model, and the baseline the work-stealing
 * dispatcher is measured against.
 *
 * <p>Blocking: {@link TurnTask#blocking} goes through {@link ForkJoinPool#managedBlock}, so the
 * pool adds a thread while a turn blocks, up to {@code workers + maxSpareWorkers} threads.
 *
 * <p>Stopping: once the dispatcher is stopping, no task runs another turn: a task taken from the queue,
 * or one whose turn yielded, is handed back instead (into {@code handedBack}, which {@link #stop()}
 * returns once the pool has terminated). The pool's shutdown refuses new tasks; the ones queued
 * before it still run, and hand themselves back.
 *
 * <p>Thread-safety: the budget and the stopping flag are volatile, read once per turn.
 */
final class ExecutorDispatcher extends AbstractDispatcher {

    private static final Logger LOG = LoggerFactory.getLogger(ExecutorDispatcher.class);
    /** How long a thread the pool added for a blocked turn stays when idle (the JDK's default). */
    private static final long SPARE_KEEP_ALIVE_SECONDS = 60;

    private final ForkJoinPool pool;
    private final int workers;
    private final ConcurrentLinkedQueue<Schedulable> handedBack = new ConcurrentLinkedQueue<>();

    ExecutorDispatcher(String systemName, String id, int workers, int maxSpareWorkers, int budget,
                       Consumer<Object> events) {
        super(id, ExecutorDispatcherProvider.KIND, budget, fault -> {
            LOG.error("turn observer of dispatcher '{}' failed", id, fault);
            events.accept(new DispatcherError(id, fault, null));
        });
        this.workers = workers;
        String prefix = systemName + "-" + id + "-worker-";
        AtomicInteger threadNumber = new AtomicInteger();
        ForkJoinPool.ForkJoinWorkerThreadFactory factory = forkJoinPool -> {
            ForkJoinWorkerThread thread = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(forkJoinPool);
            thread.setName(prefix + threadNumber.incrementAndGet());
            // Whichever thread made the pool grow must not leak its class loader into the worker.
            thread.setContextClassLoader(ClassLoader.getSystemClassLoader());
            return thread;
        };
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
        try {
            pool.execute(new TurnTask(schedulable));
        } catch (RejectedExecutionException shutDown) {
            // The pool's own refusal names nothing: say which dispatcher refused.
            RejectedExecutionException refused = refusal();
            refused.initCause(shutDown);
            throw refused;
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

    /**
     * One scheduling of one schedulable. {@code exec} returns {@code false} so the task never
     * completes and can be resubmitted when the turn yields (as Pekko's mailbox does); it is
     * resubmitted only after {@code runTurn} has returned, so one task never runs twice at once.
     */
    private final class TurnTask extends ForkJoinTask<Void> implements TurnObservers.CountingTurn {

        private static final long serialVersionUID = 1L;

        private final transient Schedulable schedulable;
        private int lastMessagesHandled;

        TurnTask(Schedulable schedulable) {
            this.schedulable = schedulable;
        }

        @Override
        public int budget() {
            return throughputBudget();
        }

        @Override
        public void messagesHandled(int count) {
            lastMessagesHandled = count; // this kind keeps no counters: it is the plain-JDK baseline
        }

        @Override
        public int lastMessagesHandled() {
            return lastMessagesHandled;
        }

        @Override
        public <T> T blocking(Callable<T> work) throws Exception {
            Blocker<T> blocker = new Blocker<>(work);
            ForkJoinPool.managedBlock(blocker);
            return blocker.result();
        }

        @Override
        protected boolean exec() {
            if (isStopping()) {
                handedBack.add(schedulable); // taken from the queue after stop: no new turn
                return false;
            }
            if (observers().runTurn(schedulable, this)) {
                if (isStopping()) {
                    handedBack.add(schedulable);
                } else {
                    try {
                        pool.execute(this);
                    } catch (RejectedExecutionException e) {
                        handedBack.add(schedulable); // shut down between the check and the resubmit
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
