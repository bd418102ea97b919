package io.github.rota.dispatcher.workstealing;

import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.DispatcherStats;
import io.github.rota.spi.dispatch.Schedulable;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import org.jctools.queues.MpmcUnboundedXaddArrayQueue;

/**
 * The work-stealing dispatcher pool (the GoAkt seed's design on JVM primitives): a fixed set of
 * {@link Worker}s, each with a bounded {@link LocalRing} and a next-actor slot, one shared global
 * queue for producers outside the pool and for overflow, stealing of half a sibling's ring, and
 * per-worker parking ({@link Idle}). The live thread count is the worker count plus the
 * {@link StarvationProbe}'s thread, whatever the number of actors.
 *
 * <p>Producers on one of this pool's workers put the newly ready actor in that worker's next-actor
 * slot; other threads push to the global queue and wake a parked worker if nobody is searching.
 * No lock is taken on the send path.
 *
 * <p>Stopping: {@link #stop()} waits for external producers already inside {@link #schedule} (so
 * none can push after the queues are collected), wakes and joins the workers (each finishes its
 * current turn), and returns every actor that was scheduled but did not get a turn.
 */
final class WorkStealingDispatcher implements Dispatcher {

    /** Chunk of the global queue; one chunk is kept for reuse. */
    private static final int GLOBAL_CHUNK = 1024;

    private final String id;
    private final String threadPrefix;
    private final Worker[] workers;
    private final Idle idle = new Idle();
    private final MpmcUnboundedXaddArrayQueue<Schedulable> global = new MpmcUnboundedXaddArrayQueue<>(GLOBAL_CHUNK, 1);
    private final LongAdder externalPushes = new LongAdder();
    private final AtomicInteger externalInFlight = new AtomicInteger();
    private final List<Thread> threads = new ArrayList<>();
    private final Consumer<Object> events;
    private final String systemName;
    private final StarvationProbe starvationProbe;
    private volatile int budget;
    private volatile boolean stopping;
    private volatile java.util.function.LongConsumer turnSampler;

    WorkStealingDispatcher(String systemName, String id, int workerCount, int budget) {
        this(systemName, id, workerCount, budget, 0, event -> { });
    }

    /**
     * @param starvationThresholdMillis report a worker stuck in one turn this long; 0: no reports (the
     *        probe still rescues actors waiting behind such a turn)
     * @param events where faults and starvation reports are published
     */
    WorkStealingDispatcher(String systemName, String id, int workerCount, int budget,
                           long starvationThresholdMillis, Consumer<Object> events) {
        this.id = id;
        this.events = events;
        this.systemName = systemName;
        this.threadPrefix = systemName + "-" + id + "-worker-";
        this.budget = Dispatcher.checkThroughputBudget(budget);
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
        if (!threads.isEmpty() || stopping) {
            return;
        }
        for (Worker worker : workers) {
            Thread thread = new WorkerThread(worker, this, threadPrefix + (worker.index + 1));
            worker.bind(thread);
            threads.add(thread);
        }
        Thread probe = new Thread(starvationProbe, systemName + "-" + id + "-starvation-probe");
        probe.setDaemon(true);
        threads.add(probe);
        threads.forEach(Thread::start);
    }

    @Override
    public void schedule(Schedulable schedulable) {
        Thread current = Thread.currentThread();
        if (current instanceof WorkerThread && ((WorkerThread) current).pool == this) {
            ((WorkerThread) current).worker.scheduleFromHere(schedulable);
            return;
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

    /** On one of this pool's workers: hands its queued actors to the others before the turn blocks. */
    @Override
    public void beforeBlocking() {
        Thread current = Thread.currentThread();
        if (isOwnWorker(current)) {
            ((WorkerThread) current).worker.handOff();
        }
    }

    /**
     * Stops the workers after their current turns and hands back what they had not run.
     *
     * @return the schedulables that were scheduled but got no turn; the caller must schedule them
     *         elsewhere
     */
    @Override
    public List<Schedulable> stop() {
        if (isOwnWorker(Thread.currentThread())) {
            throw new IllegalStateException("dispatcher '" + id + "' cannot be stopped from its own worker; use signalStop()");
        }
        signalStop();
        while (externalInFlight.get() != 0) {
            Thread.onSpinWait();
        }
        List<Thread> started;
        synchronized (this) {
            started = new ArrayList<>(threads);
        }
        boolean interrupted = false;
        for (Thread thread : started) {
            while (thread.isAlive()) {
                try {
                    thread.join();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
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
            threads.forEach(LockSupport::unpark); // workers and the probe
        }
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
        totals.put(Counter.STARVATION_REPORTS, starvationProbe.reports());
        int[] depths = new int[workers.length];
        for (int i = 0; i < workers.length; i++) {
            depths[i] = workers[i].queueDepth();
        }
        return new WorkStealingStats(workers.length, idle.parkedCount(), global.size(), depths, totals);
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

    /** From the probe: an actor taken out of the next slot of a worker stuck in a turn. */
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

    private boolean isOwnWorker(Thread thread) {
        return thread instanceof WorkerThread && ((WorkerThread) thread).pool == this;
    }

    @Override
    public String toString() {
        return "WorkStealingDispatcher[" + id + ", workers=" + workers.length + ", budget=" + budget + "]";
    }

    /** A worker's thread, so that {@link #schedule} can tell a producer on one of its workers. */
    static final class WorkerThread extends Thread {
        final Worker worker;
        final WorkStealingDispatcher pool;

        WorkerThread(Worker worker, WorkStealingDispatcher pool, String name) {
            super(worker, name);
            this.worker = worker;
            this.pool = pool;
            setDaemon(true);
        }
    }
}
