package io.github.rota.api;

import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * A snapshot of a dispatcher, for operators (JMX, the Gogo shell). Counters are monotonic; which
 * counters there are depends on the kind. Depths and parked workers are as of the snapshot.
 *
 * @param workers worker threads (for the pinned kind: live actor threads)
 * @param parkedWorkers workers parked now
 * @param globalQueueDepth actors waiting in the shared queue
 * @param workerQueueDepths actors waiting per worker, in worker order (empty if the kind has no per-worker queues)
 * @param counters the counters the kind keeps, in {@link DispatcherCounter} order
 */
public record DispatcherStats(int workers, int parkedWorkers, int globalQueueDepth, List<Integer> workerQueueDepths,
                              Map<DispatcherCounter, Long> counters) {

    /** The statistics of a dispatcher that keeps none. */
    public static final DispatcherStats NONE = new DispatcherStats(0, 0, 0, List.of(), Map.of());

    /**
     * Copies the list and the map, so a snapshot never changes.
     *
     * @param workers worker threads
     * @param parkedWorkers workers parked now
     * @param globalQueueDepth actors waiting in the shared queue
     * @param workerQueueDepths actors waiting per worker
     * @param counters the counters the kind keeps
     */
    public DispatcherStats {
        workerQueueDepths = List.copyOf(workerQueueDepths);
        Map<DispatcherCounter, Long> copy = new EnumMap<>(DispatcherCounter.class);
        copy.putAll(counters);
        counters = Collections.unmodifiableMap(copy);
    }

    /**
     * Reads one counter of the snapshot.
     *
     * @param counter a counter
     * @return its value; 0 if this kind does not keep it
     */
    public long counter(DispatcherCounter counter) {
        return counters.getOrDefault(counter, 0L);
    }
}
