package io.github.rota.dispatcher.workstealing;

import io.github.rota.api.DispatcherError;
import io.github.rota.api.DispatcherCounter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The threads of one work-stealing pool: one per worker, the starvation probe's, and spare threads
 * only while turns block.
 *
 * <p>Blocking ({@link #blocking}): a turn that blocks hands its worker to a spare thread (an idle
 * one, or a new one while there are fewer than {@code maxSpareWorkers} beyond the workers), so the
 * pool keeps its parallelism, as {@code ForkJoinPool.managedBlock} does; the blocked thread
 * finishes the turn without a worker, so what it makes ready goes to the global queue, then waits
 * as a spare for the keep-alive. With every spare in use, the turn hands its queued actors to the
 * global queue and blocks with its worker.
 *
 * <p>A thread that dies outside a turn (an {@code Error} from a queue's allocation, a faulty
 * sampler) is logged and published as a {@link DispatcherError}; its worker's idle accounting is
 * repaired and a new thread takes the worker over.
 *
 * <p>Threads: the thread set, the idle spares and the spare count are guarded by this object's
 * monitor; they change on the blocking path and at start and stop, never on the send path.
 */
final class WorkerThreads implements WorkerThread.Host {

    private static final Logger LOG = LoggerFactory.getLogger(WorkerThreads.class);

    private final String dispatcherId;
    private final String threadPrefix;
    private final Shared shared;
    private final TurnRunner turns;
    private final int maxSpareWorkers;
    private final long spareKeepAliveNanos;
    /** Starts a thread: {@code Thread::start}; tests make it refuse, as the OS may. */
    private final Consumer<Thread> starter;
    private final AtomicInteger threadNumbers = new AtomicInteger();
    /** Messages handled by turns that finished after their worker was handed away. */
    private final LongAdder detachedMessages = new LongAdder();
    // Guarded by this.
    private final Set<Thread> threads = new LinkedHashSet<>();
    private final ArrayDeque<WorkerThread> idleSpares = new ArrayDeque<>();
    /** Threads beyond the workers: turns blocked or finishing without a worker, and idle spares. */
    private int spareThreads;
    private boolean started;

    WorkerThreads(String systemName, String dispatcherId, Shared shared, TurnRunner turns,
                  int maxSpareWorkers, long spareKeepAliveNanos, Consumer<Thread> starter) {
        this.dispatcherId = dispatcherId;
        this.threadPrefix = systemName + "-" + dispatcherId + "-worker-";
        this.shared = shared;
        this.turns = turns;
        this.maxSpareWorkers = maxSpareWorkers;
        this.spareKeepAliveNanos = spareKeepAliveNanos;
        this.starter = starter;
    }

    /** Starts a thread per worker and the probe's, once; not after the queues closed. */
    synchronized void start(Worker[] workers, Runnable probe, String probeName) {
        if (started || shared.isClosed()) {
            return;
        }
        started = true;
        List<Thread> starting = new ArrayList<>();
        for (Worker worker : workers) {
            starting.add(newThread(worker, null));
        }
        Thread probeThread = new Thread(probe, probeName);
        probeThread.setDaemon(true);
        probeThread.setContextClassLoader(ClassLoader.getSystemClassLoader());
        probeThread.setUncaughtExceptionHandler(this::uncaught);
        threads.add(probeThread);
        starting.add(probeThread);
        starting.forEach(Thread::start);
    }

    /** @return whether {@code thread} is one of these */
    boolean owns(Thread thread) {
        return thread instanceof WorkerThread && ((WorkerThread) thread).host == this;
    }

    /** @return the worker {@code thread} runs now, if it is one of these; {@code null} if none */
    Worker workerOf(Thread thread) {
        return owns(thread) ? ((WorkerThread) thread).worker() : null;
    }

    /** Wakes every thread (workers, spares and the probe), so each sees the queues closed. */
    synchronized void wakeAll() {
        threads.forEach(LockSupport::unpark);
    }

    /** Waits until every thread has ended; each finishes its current turn first. */
    void joinAll() {
        boolean interrupted = false;
        while (true) {
            List<Thread> alive;
            synchronized (this) {
                alive = new ArrayList<>(threads);
            }
            if (alive.isEmpty()) {
                break;
            }
            for (Thread thread : alive) {
                while (thread.isAlive()) {
                    try {
                        thread.join();
                    } catch (InterruptedException e) {
                        interrupted = true;
                    }
                }
            }
            synchronized (this) {
                threads.removeAll(alive); // the probe's among them: it does not remove itself
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    long detachedMessages() {
        return detachedMessages.sum();
    }

    /**
     * Guarded by this: a registered, not yet started thread that runs {@code worker}, counting
     * {@code takeOver} for it once it does ({@code null}: its first thread).
     */
    private WorkerThread newThread(Worker worker, DispatcherCounter takeOver) {
        WorkerThread thread = new WorkerThread(this, worker, takeOver, threadPrefix + threadNumbers.incrementAndGet());
        thread.setUncaughtExceptionHandler(this::uncaught);
        threads.add(thread);
        return thread;
    }

    private void uncaught(Thread thread, Throwable failure) {
        LOG.error("uncaught failure on dispatcher '{}' thread {}", dispatcherId, thread.getName(), failure);
    }

    // ---------------------------------------------------------------- blocking and spare threads

    /**
     * A turn on {@code thread} is about to block in {@code work}: hand the thread's worker to a
     * spare thread and run the work without it; with every spare in use, hand the worker's queued
     * actors to the others and block with it.
     */
    @Override
    public <T> T blocking(WorkerThread thread, Callable<T> work) throws Exception {
        Worker worker = thread.worker();
        if (worker == null) {
            return work.call(); // this thread already gave its worker away (a nested blocking call)
        }
        worker.core().releaseLingering(); // nobody may wait on this worker while it blocks
        if (handOver(worker, thread)) {
            return work.call(); // then the turn ends on this thread, without a worker
        }
        worker.core().blockWithoutSpare();
        thread.detach(); // what the blocked turn makes ready goes to the global queue
        try {
            return work.call();
        } finally {
            thread.attach(worker);
        }
    }

    /** @return whether {@code worker} now runs on a spare thread instead of {@code from} */
    private synchronized boolean handOver(Worker worker, WorkerThread from) {
        if (shared.isClosed()) {
            return false;
        }
        WorkerThread spare = idleSpares.pollFirst();
        if (spare != null) {
            worker.core().leaveBlockingTurn(); // still ours: the next owner sees it through the hand-over
            from.detach();
            spare.handOver(worker);
            LockSupport.unpark(spare);
            return true;
        }
        if (spareThreads >= maxSpareWorkers) {
            return false;
        }
        WorkerThread thread = newThread(worker, DispatcherCounter.BLOCKING_HANDOVERS);
        worker.core().leaveBlockingTurn();
        from.detach();
        spareThreads++;
        if (!start(thread)) {
            spareThreads--;
            from.attach(worker);
            worker.core().returnToBlockingTurn();
            return false;
        }
        return true;
    }

    /** Guarded by this. @return whether the thread started (the OS may refuse one: the pool goes on without it) */
    private boolean start(Thread thread) {
        try {
            starter.accept(thread);
            return true;
        } catch (OutOfMemoryError | InternalError refused) {
            threads.remove(thread);
            LOG.warn("dispatcher '{}' could not start thread {}", dispatcherId, thread.getName(), refused);
            return false;
        }
    }

    /**
     * A thread without a worker (its turn blocked, and ended) waits to be handed one.
     *
     * @return the worker to run; {@code null} when the thread should end (the keep-alive passed, or
     *         the queues closed)
     */
    @Override
    public Worker awaitWorker(WorkerThread thread) {
        synchronized (this) {
            if (!shared.isClosed()) {
                idleSpares.addFirst(thread); // most recently used first: the others time out
            }
        }
        long deadline = System.nanoTime() + spareKeepAliveNanos;
        while (true) {
            Worker worker = thread.worker();
            if (worker != null) {
                return worker;
            }
            long left = deadline - System.nanoTime();
            if (shared.isClosed() || left <= 0) {
                synchronized (this) {
                    worker = thread.worker();
                    if (worker != null) {
                        return worker; // handed one just now
                    }
                    idleSpares.remove(thread);
                    spareThreads--;
                    return null;
                }
            }
            Thread.interrupted(); // an interrupt must not turn the wait into a spin
            LockSupport.parkNanos(this, left);
        }
    }

    /**
     * {@code thread} failed outside a turn with {@code death} and is about to end: its worker's idle
     * accounting is repaired and a new thread takes the worker over; a thread that had no worker
     * leaves the spares.
     *
     * @return {@code true} if no new thread could be started, so the failed thread must carry on
     *         running its worker itself
     */
    @Override
    public boolean threadDied(WorkerThread thread, Throwable death) {
        boolean carryOn = false;
        Worker worker;
        synchronized (this) {
            idleSpares.remove(thread);
            worker = thread.worker();
            if (worker == null) {
                spareThreads--;
            } else {
                worker.core().recoverFromDeadThread();
                // Given up before the new thread starts: the report below runs on this thread, and
                // what it schedules must not go into queues that the new thread now owns.
                thread.detach();
                if (!shared.isClosed() && !start(newThread(worker, DispatcherCounter.WORKERS_REPLACED))) {
                    thread.attach(worker);
                    carryOn = true;
                }
            }
        }
        try {
            LOG.error("dispatcher '{}': thread {} failed outside a turn{}", dispatcherId, thread.getName(),
                    worker == null ? "" : carryOn ? "; no thread could be started, so it carries on"
                            : "; a new thread takes its worker over", death);
            turns.publish(new DispatcherError(dispatcherId, death, null));
        } catch (RuntimeException | Error reportFailed) {
            // The worker is in good hands already; the report is what failed.
        }
        return carryOn;
    }

    @Override
    public void threadEnded(WorkerThread thread) {
        synchronized (this) {
            threads.remove(thread);
        }
    }

    /** Messages reported by a turn on a thread running {@code worker}, or none ({@code null}). */
    @Override
    public void countMessages(Worker worker, int count) {
        if (worker != null) {
            worker.core().counters.add(DispatcherCounter.MESSAGES, count);
        } else {
            detachedMessages.add(count);
        }
    }
}
