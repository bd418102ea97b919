package io.github.rota.dispatcher.workstealing;

import io.github.rota.api.DispatcherError;
import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.DispatcherStats;
import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.dispatch.TurnObserver;
import io.github.rota.spi.dispatch.TurnObservers;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import org.jctools.queues.MpmcUnboundedXaddArrayQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The work-stealing dispatcher pool (GoAkt's dispatcher pool, built on JVM primitives): a fixed set of
 * {@link Worker}s, each with a bounded {@link LocalRing} and a next-actor slot, one shared global
 * queue for producers outside the pool and for overflow, stealing of half a sibling's ring, and
 * per-worker parking ({@link Idle}). The live thread count is the worker count plus the
 * {@link StarvationProbe}'s thread, whatever the number of actors, plus spare threads only while
 * turns block.
 *
 * <p>Producers on one of this pool's workers put the newly ready actor in that worker's next-actor
 * slot; other threads push to the global queue and wake a parked worker if nobody is searching.
 * No lock is taken on the send path.
 *
 * <p>Blocking ({@link #blocking}): a turn that blocks hands its worker to a spare thread (an idle
 * one, or a new one while there are fewer than {@code maxSpareWorkers} beyond the workers), so
 * the pool keeps its parallelism, as {@code ForkJoinPool.managedBlock} does; the blocked thread
 * finishes the turn without a worker, so what it makes ready goes to the global queue, then waits
 * as a spare for {@value #SPARE_KEEP_ALIVE_SECONDS} s. With every spare in use, the turn hands its
 * queued actors to the global queue and blocks with its worker. Spare threads and the hand-over
 * are guarded by this object's monitor: they happen on the blocking path, never the send path.
 *
 * <p>A thread that dies outside a turn (an {@code Error} from a queue's allocation, a faulty
 * sampler) is logged and published as a {@link DispatcherError}; its worker's idle accounting is
 * repaired and a new thread takes the worker over.
 *
 * <p>Stopping: {@link #stop()} waits for external producers already inside {@link #schedule} (so
 * none can push after the queues are collected), wakes and joins every thread (each finishes its
 * current turn), and returns every actor that was scheduled but did not get a turn.
 */
final class WorkStealingDispatcher implements Dispatcher {

    /** Chunk of the global queue; one chunk is kept for reuse. */
    private static final int GLOBAL_CHUNK = 1024;
    /** How long a spare thread waits for a worker to run before it ends (the JDK's ForkJoinPool default). */
    static final long SPARE_KEEP_ALIVE_SECONDS = 60;

    private static final Logger LOG = LoggerFactory.getLogger(WorkStealingDispatcher.class);

    private final String id;
    private final String threadPrefix;
    private final Worker[] workers;
    private final Idle idle = new Idle();
    private final MpmcUnboundedXaddArrayQueue<Schedulable> global = new MpmcUnboundedXaddArrayQueue<>(GLOBAL_CHUNK, 1);
    private final LongAdder externalPushes = new LongAdder();
    private final AtomicInteger externalInFlight = new AtomicInteger();
    /** Messages handled by turns that finished after their worker was handed away. */
    private final LongAdder detachedMessages = new LongAdder();
    private final AtomicInteger threadNumbers = new AtomicInteger();
    private final Consumer<Object> events;
    private final String systemName;
    private final StarvationProbe starvationProbe;
    private final TurnObservers observers;
    private final int maxSpareWorkers;
    private final long spareKeepAliveNanos;
    // Guarded by this.
    private final Set<Thread> threads = new LinkedHashSet<>();
    private final ArrayDeque<WorkerThread> idleSpares = new ArrayDeque<>();
    /** Threads beyond the workers: turns blocked or finishing without a worker, and idle spares. */
    private int spareThreads;
    private boolean started;
    private volatile int budget;
    private volatile boolean stopping;
    private volatile java.util.function.LongConsumer turnSampler;

    WorkStealingDispatcher(String systemName, String id, int workerCount, int budget) {
        this(systemName, id, workerCount, budget, 0, WorkStealingDispatcherProvider.DEFAULT_MAX_SPARE_WORKERS,
                event -> { });
    }

    /**
     * @param starvationThresholdMillis report a worker stuck in one turn this long; 0: no reports (the
     *        probe still rescues actors waiting behind such a turn)
     * @param maxSpareWorkers threads that may exist beyond the workers while turns block
     * @param events where faults and starvation reports are published
     */
    WorkStealingDispatcher(String systemName, String id, int workerCount, int budget,
                           long starvationThresholdMillis, int maxSpareWorkers, Consumer<Object> events) {
        this(systemName, id, workerCount, budget, starvationThresholdMillis, maxSpareWorkers,
                TimeUnit.SECONDS.toNanos(SPARE_KEEP_ALIVE_SECONDS), events);
    }

    WorkStealingDispatcher(String systemName, String id, int workerCount, int budget, long starvationThresholdMillis,
                           int maxSpareWorkers, long spareKeepAliveNanos, Consumer<Object> events) {
        this.id = id;
        this.events = events;
        this.systemName = systemName;
        this.threadPrefix = systemName + "-" + id + "-worker-";
        this.budget = Dispatcher.checkThroughputBudget(budget);
        this.maxSpareWorkers = maxSpareWorkers;
        this.spareKeepAliveNanos = spareKeepAliveNanos;
        this.observers = new TurnObservers(fault -> {
            LOG.error("turn observer of dispatcher '{}' failed", id, fault);
            publish(new DispatcherError(id, fault, null));
        });
        this.workers = new Worker[workerCount];
        for (int i = 0; i < workerCount; i++) {
            workers[i] = new Worker(i, this, idle);
        }
        idle.attach(this, workers);
        this.starvationProbe = new StarvationProbe(this, TimeUnit.MILLISECONDS.toNanos(starvationThresholdMillis), events);
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public String kind() {
        return WorkStealingDispatcherProvider.KIND;
    }

    @Override
    public synchronized void start() {
        if (started || stopping) {
            return;
        }
        started = true;
        List<Thread> starting = new ArrayList<>();
        for (Worker worker : workers) {
            starting.add(newThread(worker));
        }
        Thread probe = new Thread(starvationProbe, systemName + "-" + id + "-starvation-probe");
        probe.setDaemon(true);
        probe.setContextClassLoader(ClassLoader.getSystemClassLoader());
        probe.setUncaughtExceptionHandler(this::uncaught);
        threads.add(probe);
        starting.add(probe);
        starting.forEach(Thread::start);
    }

    /** Guarded by this: a registered, not yet started thread that runs {@code worker} ({@code null}: a spare). */
    private WorkerThread newThread(Worker worker) {
        WorkerThread thread = new WorkerThread(this, worker, threadPrefix + threadNumbers.incrementAndGet());
        thread.setUncaughtExceptionHandler(this::uncaught);
        threads.add(thread);
        return thread;
    }

    private void uncaught(Thread thread, Throwable failure) {
        LOG.error("uncaught failure on dispatcher '{}' thread {}", id, thread.getName(), failure);
    }

    @Override
    public void schedule(Schedulable schedulable) {
        Thread current = Thread.currentThread();
        if (current instanceof WorkerThread && ((WorkerThread) current).pool == this) {
            Worker worker = ((WorkerThread) current).worker();
            if (worker != null) {
                worker.scheduleFromHere(schedulable);
                return;
            }
            // A thread whose turn blocked runs no worker: it schedules like any other thread.
        }
        externalInFlight.incrementAndGet();
        try {
            if (stopping) {
                throw new RejectedExecutionException("dispatcher '" + id + "' is stopped");
            }
            global.offer(schedulable);
        } finally {
            externalInFlight.decrementAndGet();
        }
        externalPushes.increment();
        idle.notifyOne();
    }

    /**
     * Stops the workers after their current turns and hands back what they had not run.
     *
     * @return the schedulables that were scheduled but got no turn; the caller must schedule them
     *         elsewhere
     */
    @Override
    public List<Schedulable> stop() {
        if (isOwnThread(Thread.currentThread())) {
            throw new IllegalStateException("dispatcher '" + id + "' cannot be stopped from its own worker; use signalStop()");
        }
        signalStop();
        while (externalInFlight.get() != 0) {
            Thread.onSpinWait();
        }
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
        List<Schedulable> unrun = new ArrayList<>();
        for (Worker worker : workers) {
            worker.drainInto(unrun);
        }
        for (Schedulable s = global.poll(); s != null; s = global.poll()) {
            unrun.add(s);
        }
        return unrun;
    }

    @Override
    public void signalStop() {
        stopping = true;
        synchronized (this) {
            threads.forEach(LockSupport::unpark); // workers, spares and the probe
        }
    }

    @Override
    public void observeTurns(TurnObserver observer) {
        observers.add(observer);
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
    public DispatcherStats stats() {
        WorkStealingStats snapshot = snapshot();
        Map<String, Long> counters = new LinkedHashMap<>();
        snapshot.counters().forEach((counter, value) -> counters.put(counter.key(), value));
        List<Integer> depths = new ArrayList<>();
        for (int depth : snapshot.localQueueDepths()) {
            depths.add(depth);
        }
        return new DispatcherStats(snapshot.workers(), snapshot.parkedWorkers(), snapshot.globalQueueDepth(), depths, counters);
    }

    @Override
    public void sampleTurns(java.util.function.LongConsumer sink) {
        turnSampler = sink;
    }

    /** @return where sampled turn lengths go, or {@code null} */
    java.util.function.LongConsumer turnSampler() {
        return turnSampler;
    }

    TurnObservers observers() {
        return observers;
    }

    /** @return a snapshot of the counters and queue depths */
    WorkStealingStats snapshot() {
        Map<Counter, Long> totals = new EnumMap<>(Counter.class);
        for (Counter counter : Counter.values()) {
            long sum = 0;
            for (Worker worker : workers) {
                sum += worker.counters.get(counter);
            }
            totals.put(counter, sum);
        }
        totals.merge(Counter.GLOBAL_PUSHES, externalPushes.sum(), Long::sum);
        totals.merge(Counter.MESSAGES, detachedMessages.sum(), Long::sum);
        totals.put(Counter.STARVATION_REPORTS, starvationProbe.reports());
        int[] depths = new int[workers.length];
        for (int i = 0; i < workers.length; i++) {
            depths[i] = workers[i].queueDepth();
        }
        return new WorkStealingStats(workers.length, idle.parkedCount(), global.size(), depths, totals);
    }

    // ---------------------------------------------------------------- blocking and spare threads

    /**
     * A turn on {@code thread} is about to block in {@code work}: hand the thread's worker to a
     * spare thread and run the work without it; with every spare in use, hand the worker's queued
     * actors to the others and block with it.
     */
    <T> T blocking(WorkerThread thread, Callable<T> work) throws Exception {
        Worker worker = thread.worker();
        if (worker == null) {
            return work.call(); // this thread already gave its worker away (a nested blocking call)
        }
        if (handOver(worker, thread)) {
            return work.call(); // then the turn ends on this thread, without a worker
        }
        worker.blockWithoutSpare();
        thread.detach(); // what the blocked turn makes ready goes to the global queue
        try {
            return work.call();
        } finally {
            thread.attach(worker);
        }
    }

    /** @return whether {@code worker} now runs on a spare thread instead of {@code from} */
    private synchronized boolean handOver(Worker worker, WorkerThread from) {
        if (stopping) {
            return false;
        }
        WorkerThread spare = idleSpares.pollFirst();
        if (spare != null) {
            worker.leaveBlockingTurn(); // still ours: the next owner sees it through the hand-over
            from.detach();
            spare.attach(worker);
            LockSupport.unpark(spare);
            return true;
        }
        if (spareThreads >= maxSpareWorkers) {
            return false;
        }
        WorkerThread thread = newThread(worker);
        worker.leaveBlockingTurn();
        from.detach();
        spareThreads++;
        if (!start(thread)) {
            spareThreads--;
            from.attach(worker);
            worker.returnToBlockingTurn();
            return false;
        }
        return true;
    }

    /** Guarded by this. @return whether the thread started (the OS may refuse one: the pool goes on without it) */
    private boolean start(Thread thread) {
        try {
            thread.start();
            return true;
        } catch (OutOfMemoryError | InternalError refused) {
            threads.remove(thread);
            LOG.warn("dispatcher '{}' could not start thread {}", id, thread.getName(), refused);
            return false;
        }
    }

    /**
     * A thread without a worker (its turn blocked, and ended) waits to be handed one.
     *
     * @return the worker to run; {@code null} when the thread should end (the keep-alive passed, or
     *         the pool is stopping)
     */
    Worker awaitWorker(WorkerThread thread) {
        synchronized (this) {
            if (!stopping) {
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
            if (stopping || left <= 0) {
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
    boolean threadDied(WorkerThread thread, Throwable death) {
        boolean carryOn = false;
        Worker worker;
        synchronized (this) {
            idleSpares.remove(thread);
            worker = thread.worker();
            if (worker == null) {
                spareThreads--;
            } else {
                worker.recoverFromDeadThread();
                carryOn = !stopping && !start(newThread(worker));
            }
        }
        try {
            LOG.error("dispatcher '{}': thread {} failed outside a turn{}", id, thread.getName(), worker == null ? ""
                    : carryOn ? "; no thread could be started, so it carries on" : "; a new thread takes its worker over",
                    death);
            publish(new DispatcherError(id, death, null));
        } catch (RuntimeException | Error reportFailed) {
            // The worker is in good hands already; the report is what failed.
        }
        return carryOn;
    }

    void threadEnded(Thread thread) {
        synchronized (this) {
            threads.remove(thread);
        }
    }

    /** Messages reported by a turn on a thread running {@code worker}, or none ({@code null}). */
    void countMessages(Worker worker, int count) {
        if (worker != null) {
            worker.countMessages(count);
        } else {
            detachedMessages.add(count);
        }
    }

    // ---------------------------------------------------------------- for the workers

    void publish(Object event) {
        events.accept(event);
    }

    boolean isStopping() {
        return stopping;
    }

    Worker[] workers() {
        return workers;
    }

    Schedulable pollGlobal() {
        return global.relaxedPoll();
    }

    void pushGlobal(Schedulable s) {
        global.offer(s);
    }

    /**
     * An actor taken out of the next slot of a worker stuck in a turn (by the probe), or one whose
     * turn yielded on a thread that no longer runs a worker: to the global queue, and wake a worker.
     */
    void requeue(Schedulable s) {
        global.offer(s);
        externalPushes.increment();
        idle.notifyOne();
    }

    /**
     * Work a parking worker could take: the global queue (a claimed-but-unpublished slot counts) or
     * a ring. Next slots do not count: their owners run them, and pushing one wakes nobody.
     */
    boolean hasWorkToSteal() {
        if (!global.isEmpty()) {
            return true;
        }
        for (Worker worker : workers) {
            if (worker.hasWorkToSteal()) {
                return true;
            }
        }
        return false;
    }

    private boolean isOwnThread(Thread thread) {
        return thread instanceof WorkerThread && ((WorkerThread) thread).pool == this;
    }

    @Override
    public String toString() {
        return "WorkStealingDispatcher[" + id + ", workers=" + workers.length + ", budget=" + budget + "]";
    }
}
