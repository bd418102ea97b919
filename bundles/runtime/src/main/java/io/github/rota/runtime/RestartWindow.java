package io.github.rota.runtime;

import io.github.rota.api.SupervisorStrategy;

/**
 * A child's restarts, as its parent counts them: against its supervisor strategy's window, and for
 * the strategy's back-off, the delay before the next one.
 *
 * <p>Threads: confined to the parent's turns (the parent decides its children's restarts).
 */
final class RestartWindow {

    private int restarts;
    private long windowStart;
    /** Restarts since the child last ran the strategy's longest back-off without failing. */
    private int backedOff;
    /** When the last backed-off restart was due ({@link System#nanoTime()}). */
    private long lastRestartDue;

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

    /**
     * The delay before the restart of a child that failed at {@code now}: the strategy's shortest
     * back-off doubled for each restart before it in a row, at most its longest, stretched by
     * {@code random} (0 to 1) times its random factor. A child that ran the longest back-off without
     * failing since its last restart starts over at the shortest.
     *
     * @return nanoseconds; 0 if {@code strategy} has no back-off
     */
    long backoffNanos(SupervisorStrategy strategy, long now, double random) {
        long min = strategy.minBackoff().toNanos();
        long max = strategy.maxBackoff().toNanos();
        if (min == 0) {
            return 0;
        }
        if (backedOff > 0 && now - lastRestartDue >= max) {
            backedOff = 0;
        }
        long delay = min;
        for (int i = 0; i < backedOff && delay < max; i++) {
            delay = delay > max / 2 ? max : delay * 2; // doubling, never past max (nor overflowing)
        }
        backedOff++;
        long stretched = delay + (long) (delay * strategy.randomFactor() * random);
        lastRestartDue = now + stretched;
        return stretched;
    }
}
