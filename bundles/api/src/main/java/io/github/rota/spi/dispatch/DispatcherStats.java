package io.github.rota.spi.dispatch;

import java.util.List;
import java.util.Map;

/**
 * A snapshot of a dispatcher, for operators (JMX, the Gogo shell). Counters are monotonic, named in
 * camelCase (e.g. {@code turns}, {@code messages}, {@code stealOperations}, {@code parks}); which
 * counters there are depends on the kind. Depths and parked workers are as of the snapshot.
 *
 * @param workers worker threads (for the pinned kind: live actor threads)
 * @param parkedWorkers workers parked now
 * @param globalQueueDepth actors waiting in the shared queue
 * @param workerQueueDepths actors waiting per worker, in worker order (empty if the kind has no per-worker queues)
 * @param counters monotonic counters by name, in a stable order
 */
public record DispatcherStats(int workers, int parkedWorkers, int globalQueueDepth, List<Integer> workerQueueDepths,
                              Map<String, Long> counters) {

    /** The statistics of a dispatcher that keeps none. */
    public static final DispatcherStats NONE = new DispatcherStats(0, 0, 0, List.of(), Map.of());

    /**
     * Copies the lists and the map, so a snapshot never changes.
     *
     * @param workers worker threads
     * @param parkedWorkers workers parked now
     * @param globalQueueDepth actors waiting in the shared queue
     * @param workerQueueDepths actors waiting per worker
     * @param counters monotonic counters by name
     */
    public DispatcherStats {
        workerQueueDepths = List.copyOf(workerQueueDepths);
        counters = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(counters));
    }
}
