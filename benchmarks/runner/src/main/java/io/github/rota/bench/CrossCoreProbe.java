package io.github.rota.bench;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What it costs right now to move a cache line from one core to another and back ({@code xcore_rtt_ns}):
 * two threads hand a counter to each other through one shared word, and a round trip is two line
 * transfers. On a machine whose cores share a cache it is some 30-70 ns; across sockets or core
 * complexes, or on a VM whose vCPUs were placed far apart, it is several hundred, and every hand-off
 * between workers costs that much. It is measured before each round, outside its window, so that every
 * result says which state the machine was in.
 *
 * <p>The probe spins on both threads for a few milliseconds; with fewer CPUs free than two it measures
 * the scheduler instead, which shows as a figure in microseconds. Batches are timed separately and
 * the median is kept, so a preemption during one batch does not decide the figure.
 */
final class CrossCoreProbe {

    /** Machines whose round trip is above this are in the slow ("far apart") state. */
    static final double SLOW_STATE_NANOS = 200;

    private static final int BATCHES = 9;
    private static final int ROUND_TRIPS_PER_BATCH = 2_000;

    private CrossCoreProbe() {
    }

    /**
     * @return the median round trip of a cache line between this thread and another, in nanoseconds
     * @throws InterruptedException if interrupted while the other thread ends
     */
    static double roundTripNanos() throws InterruptedException {
        AtomicLong word = new AtomicLong();
        int total = BATCHES * ROUND_TRIPS_PER_BATCH;
        Thread echo = new Thread(() -> {
            // Answers each odd value with the next even one: the first thread writes odd, this one even.
            for (long expect = 1; expect < 2L * total; expect += 2) {
                while (word.get() != expect) {
                    Thread.onSpinWait();
                }
                word.set(expect + 1);
            }
        }, "xcore-probe");
        echo.setDaemon(true);
        echo.start();
        double[] batches = new double[BATCHES];
        long value = 0;
        for (int b = 0; b < BATCHES; b++) {
            long start = System.nanoTime();
            for (int i = 0; i < ROUND_TRIPS_PER_BATCH; i++) {
                word.set(++value);
                long answer = ++value;
                while (word.get() != answer) {
                    Thread.onSpinWait();
                }
            }
            batches[b] = (double) (System.nanoTime() - start) / ROUND_TRIPS_PER_BATCH;
        }
        echo.join();
        Arrays.sort(batches);
        return batches[BATCHES / 2];
    }

    /** @return {@code fast} or {@code slow}, the state a round trip of {@code nanos} puts the machine in */
    static String state(double nanos) {
        return Double.isNaN(nanos) ? "unknown" : nanos > SLOW_STATE_NANOS ? "slow" : "fast";
    }
}
