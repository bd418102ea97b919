package io.github.rota.runtime;

import io.github.rota.api.SupervisorStrategy;

/**
 * A child's restarts, counted against its supervisor strategy's window.
 *
 * <p>Threads: confined to the parent's turns (the parent decides its children's restarts).
 */
final class RestartWindow {

    private int restarts;
    private long windowStart;

    /** Counts one restart. @return whether {@code strategy} permits it */
    boolean permit(SupervisorStrategy strategy) {
        int max = strategy.maxRestarts();
        if (max < 0) {
            return true;
        }
        long now = System.nanoTime();
        if (restarts == 0 || now - windowStart > strategy.restartWindow().toNanos()) {
            windowStart = now;
            restarts = 0;
        }
        restarts++;
        return restarts <= max;
    }
}
