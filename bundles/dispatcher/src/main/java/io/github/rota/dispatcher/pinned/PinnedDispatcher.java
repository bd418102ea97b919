package io.github.rota.dispatcher.pinned;

import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.DispatcherStats;
import io.github.rota.spi.dispatch.Schedulable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Gives every actor a thread of its own, for actors that block (I/O, JDBC, legacy APIs): a
 * blocked actor then holds up nobody else. A thread that waits longer than the keep-alive for its
 * actor's next message ends and is made again on demand, so stopped actors leave no thread or
 * map entry behind. Costs a thread per busy actor: use it for a few actors, not thousands.
 *
 * <p>Threads: the map is concurrent; each {@link Lane} guards its own state with its monitor.
 * Lock use is fine here: this kind exists for actors that block anyway.
 */
final class PinnedDispatcher implements Dispatcher {

    private final String id;
    private final String threadPrefix;
    private final long keepAliveNanos;
    private final ConcurrentHashMap<Schedulable, Lane> lanes = new ConcurrentHashMap<>();
    private final AtomicInteger threadNumbers = new AtomicInteger();
    /** Producers inside schedule(): stop() waits for them, so none adds a lane after it looked. */
    private final AtomicInteger producersInFlight = new AtomicInteger();
    private volatile int budget;
    private volatile boolean stopping;

    PinnedDispatcher(String systemName, String id, int budget, long keepAliveMillis) {
        this.id = id;
        this.threadPrefix = systemName + "-" + id + "-worker-";
        this.budget = Dispatcher.checkThroughputBudget(budget);
        this.keepAliveNanos = TimeUnit.MILLISECONDS.toNanos(keepAliveMillis);
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public String kind() {
        return PinnedDispatcherProvider.KIND;
    }

    @Override
    public void start() {
        // Threads are made per actor, on its first message.
    }

    @Override
    public void schedule(Schedulable schedulable) {
        producersInFlight.incrementAndGet();
        try {
            while (true) {
                if (stopping) {
                    throw new RejectedExecutionException("dispatcher '" + id + "' is stopped");
                }
                Lane lane = lanes.computeIfAbsent(schedulable, s -> new Lane(this, s));
                if (lane.offer()) {
                    return;
                }
                // The lane timed out and removed itself just now: make a new one.
            }
        } finally {
            producersInFlight.decrementAndGet();
        }
    }

    /** Stops every lane after its current turn; hands back the actors that were waiting for one. */
    @Override
    public List<Schedulable> stop() {
        signalStop();
        while (producersInFlight.get() != 0) {
            Thread.onSpinWait();
        }
        lanes.values().forEach(Lane::wake);
        List<Schedulable> unrun = new ArrayList<>();
        for (Lane lane : lanes.values()) {
            if (lane.awaitEnd()) {
                unrun.add(lane.schedulable);
            }
        }
        lanes.clear();
        return unrun;
    }

    @Override
    public void signalStop() {
        stopping = true;
        lanes.values().forEach(Lane::wake);
    }

    @Override
    public int throughputBudget() {
        return budget;
    }

    @Override
    public void setThroughputBudget(int budget) {
        this.budget = Dispatcher.checkThroughputBudget(budget);
    }

    /** Workers are the actors that have a thread now; this kind keeps no counters. */
    @Override
    public DispatcherStats stats() {
        return new DispatcherStats(lanes.size(), 0, 0, List.of(), Map.of());
    }

    /** @return actors that have a thread now */
    int liveLanes() {
        return lanes.size();
    }

    boolean isStopping() {
        return stopping;
    }

    long keepAliveNanos() {
        return keepAliveNanos;
    }

    String nextThreadName() {
        return threadPrefix + threadNumbers.incrementAndGet();
    }

    void removeLane(Schedulable schedulable, Lane lane) {
        lanes.remove(schedulable, lane);
    }

    @Override
    public String toString() {
        return "PinnedDispatcher[" + id + ", lanes=" + lanes.size() + ", budget=" + budget + "]";
    }
}
