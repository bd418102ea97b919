package io.github.rota.dispatcher.workstealing;

import io.github.rota.api.DispatcherCounter;
import io.github.rota.api.DispatcherError;
import io.github.rota.api.DispatcherStats;
import io.github.rota.spi.dispatch.DispatcherSpec;
import io.github.rota.spi.dispatch.ExpeditingDispatcher;
import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.support.AbstractDispatcher;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The work-stealing dispatcher (GoAkt's dispatcher pool, built on JVM primitives), as the SPI sees
 * it: a fixed set of {@link Worker}s and their {@link Shared} state (a bounded ring and a next-actor
 * slot per worker, one global queue, the idle set), their {@link WorkerThreads}, and a
 * {@link StarvationProbe}. The live thread count is the worker count plus the probe's thread,
 * whatever the number of actors, plus spare threads only while turns block.
 *
 * <p>Producers on one of this pool's workers put the newly ready actor in that worker's next-actor
 * slot; other threads push to the global queue and wake a parked worker if nobody is searching.
 * No lock is taken on the send path.
 *
 * <p>Stopping: {@link #stop()} closes the queues, waits for outside producers already inside
 * {@link #schedule} (so none can push after the queues are collected), wakes and joins every thread
 * (each finishes its current turn), and returns every actor that was scheduled but did not get a
 * turn.
 */
final class WorkStealingDispatcher extends AbstractDispatcher implements ExpeditingDispatcher {

    private static final Logger LOG = LoggerFactory.getLogger(WorkStealingDispatcher.class);
    /** How long a spare thread waits for a worker to run before it ends (the JDK's ForkJoinPool default). */
    static final long SPARE_KEEP_ALIVE_SECONDS = 60;
    /** The counters this kind keeps. */
    private static final Set<DispatcherCounter> KEPT =
            EnumSet.range(DispatcherCounter.TURNS, DispatcherCounter.WORKERS_REPLACED);

    private final String systemName;
    private final Remote[] remotes;
    private final Worker[] workers;
    private final Shared shared;
    private final TurnRunner turns;
    private final WorkerThreads threads;
    private final StarvationProbe starvationProbe;

    /** Tests: no starvation reports, no spare threads, events dropped. */
    WorkStealingDispatcher(String systemName, String id, int workerCount, int budget) {
        this(systemName, id, workerCount, budget, 0, 0, event -> { });
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
                TimeUnit.SECONDS.toNanos(SPARE_KEEP_ALIVE_SECONDS), LocalRing.DEFAULT_CAPACITY, events, Thread::start);
    }

    /**
     * @param ringCapacity each worker's ring; tests shrink it to reach overflow
     * @param threadStarter starts the pool's threads after the first ones ({@code Thread::start});
     *        tests make it refuse, as the OS may
     */
    WorkStealingDispatcher(String systemName, String id, int workerCount, int budget, long starvationThresholdMillis,
                           int maxSpareWorkers, long spareKeepAliveNanos, int ringCapacity, Consumer<Object> events,
                           Consumer<Thread> threadStarter) {
        super(id, DispatcherSpec.WORK_STEALING, budget, fault -> {
            LOG.error("turn observer of dispatcher '{}' failed", id, fault);
            events.accept(new DispatcherError(id, fault, null));
        });
        this.systemName = systemName;
        this.turns = new TurnRunner(id, observers(), events);
        this.remotes = new Remote[workerCount];
        for (int i = 0; i < workerCount; i++) {
            remotes[i] = new Remote(i, ringCapacity);
        }
        this.shared = new Shared(id, remotes, events);
        this.workers = new Worker[workerCount];
        for (int i = 0; i < workerCount; i++) {
            workers[i] = new Worker(new Core(remotes[i], shared), turns, WaitStrategy.SPIN_THEN_YIELD, this::throughputBudget);
        }
        this.threads = new WorkerThreads(systemName, id, shared, turns, maxSpareWorkers, spareKeepAliveNanos, threadStarter);
        this.starvationProbe = new StarvationProbe(shared, id, TimeUnit.MILLISECONDS.toNanos(starvationThresholdMillis),
                events);
    }

    @Override
    public void start() {
        threads.start(workers, starvationProbe, systemName + "-" + id() + "-starvation-probe");
    }

    @Override
    public void schedule(Schedulable schedulable) {
        Worker worker = threads.workerOf(Thread.currentThread());
        if (worker != null) {
            worker.core().scheduleFromHere(schedulable);
            return;
        }
        // Any other thread, or one of ours whose turn blocked and gave its worker away.
        if (!shared.scheduleFromOutside(schedulable)) {
            throw refusal();
        }
    }

    /**
     * A turn on one of our workers keeps sending to an actor that it left in that worker's next slot
     * or linger slot: the actor goes to the worker's ring, and a sibling is woken to steal it, instead
     * of waiting for the turn to end (or for a searcher to find the slot stale, or for the probe).
     * From any other thread the actor is already where every worker takes from.
     */
    @Override
    public void expedite(Schedulable schedulable) {
        Worker worker = threads.workerOf(Thread.currentThread());
        if (worker != null) {
            worker.core().expedite(schedulable);
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
        if (threads.owns(Thread.currentThread())) {
            throw new IllegalStateException("dispatcher '" + id() + "' cannot be stopped from its own worker; use signalStop()");
        }
        signalStop();
        shared.awaitOutsidePushes();
        threads.joinAll();
        List<Schedulable> unrun = new ArrayList<>();
        shared.drainInto(unrun);
        return unrun;
    }

    @Override
    public void signalStop() {
        markStopping();
        shared.close();
        threads.wakeAll();
    }

    @Override
    public DispatcherStats stats() {
        Map<DispatcherCounter, Long> counters = new EnumMap<>(DispatcherCounter.class);
        for (DispatcherCounter counter : KEPT) {
            counters.put(counter, counter(counter));
        }
        List<Integer> depths = new ArrayList<>(remotes.length);
        for (Remote remote : remotes) {
            depths.add(remote.queueDepth());
        }
        return new DispatcherStats(remotes.length, shared.idle.parkedCount(), shared.globalDepth(), depths, counters);
    }

    /** Sums {@code counter} over the workers, with what is counted outside them. */
    @Override
    public long counter(DispatcherCounter counter) {
        if (counter == DispatcherCounter.STARVATION_REPORTS) {
            return starvationProbe.reports();
        }
        if (!KEPT.contains(counter)) {
            return 0;
        }
        long sum = 0;
        for (Remote remote : remotes) {
            sum += remote.counter(counter);
        }
        if (counter == DispatcherCounter.GLOBAL_PUSHES) {
            sum += shared.outsidePushes();
        } else if (counter == DispatcherCounter.MESSAGES) {
            sum += threads.detachedMessages();
        }
        return sum;
    }

    @Override
    public void addTurnSampleListener(LongConsumer listener) {
        turns.addTurnSampleListener(listener);
    }

    @Override
    public void removeTurnSampleListener(LongConsumer listener) {
        turns.removeTurnSampleListener(listener);
    }

    /** Tests: worker {@code index}. */
    Worker worker(int index) {
        return workers[index];
    }

    @Override
    protected String describe() {
        return ", workers=" + remotes.length;
    }
}
