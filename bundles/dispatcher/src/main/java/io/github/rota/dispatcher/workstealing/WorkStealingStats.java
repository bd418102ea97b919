package io.github.rota.dispatcher.workstealing;

import java.util.Map;

/**
 * A snapshot of a work-stealing dispatcher: counters summed over its workers (monotonic) and the
 * current queue depths.
 *
 * @param workers worker threads
 * @param parkedWorkers workers parked now
 * @param globalQueueDepth actors waiting in the global queue
 * @param localQueueDepths actors waiting per worker (local ring plus next-actor slot)
 * @param counters every {@link Counter}, summed over the workers
 */
record WorkStealingStats(int workers, int parkedWorkers, int globalQueueDepth, int[] localQueueDepths,
                         Map<Counter, Long> counters) {

    long get(Counter counter) {
        return counters.get(counter);
    }
}
