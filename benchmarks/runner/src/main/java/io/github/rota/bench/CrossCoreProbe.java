package io.github.rota.bench;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What it costs right now to move a cache line from one core to another and back ({@code xcore_rtt_ns}):
 * two threads hand a counter to each other through one shared word, and a round trip is two line
 * transfers. On a machine whose cores share a cache it is some 30-70 ns; across sockets or core
 * complexes 70-200; on a VM whose vCPUs were placed far apart, several hundred; and every hand-off
 * between workers costs that much. It is measured before each round, outside its window, so that every
 * result says which state the machine was in.
 *
 * <p>The probe spins on both threads for a few milliseconds, so it needs two CPUs free: with fewer
 * it would measure the scheduler's time slices instead, a round trip per slice. A JVM limited to one
 * CPU (a one-core run) does not probe, and a probe that has not finished within
 * {@value #DEADLINE_MILLIS} ms (the other CPU busy) gives up; both answer {@code NaN}, state
 * {@code unknown}. Batches are timed separately and the median is kept, so a preemption during one
 * batch does not decide the figure.
 */
final class CrossCoreProbe {

    /** Machines whose round trip is at most this are in the fast state: the two cores share a cache. */
    static final double FAST_STATE_NANOS = 100;
    /**
     * Machines whose round trip is above this are in the slow ("far apart") state; between the two,
     * in the middle one, where sockets of a server or core complexes of one chip are (110-200 ns).
     * Rota's leads differ in each, so each is reported apart.
     */
    static final double SLOW_STATE_NANOS = 200;
    /** The states a round can be measured in, nearest first ({@code unknown} aside). */
    static final List<String> STATES = List.of("fast", "middle", "slow");
    /** Far beyond a probe's few milliseconds on two free CPUs. */
    static final long DEADLINE_MILLIS = 1_000;

    private static final int BATCHES = 9;
    private static final int ROUND_TRIPS_PER_BATCH = 2_000;
    /** Spins between two looks at the deadline: the clock is not read inside a round trip. */
    private static final int SPINS_PER_CLOCK_READ = 1 << 12;

    private CrossCoreProbe() {
    }

    /**
     * @return the median round trip of a cache line between this thread and another, in nanoseconds;
     *         {@code NaN} if this JVM has one CPU, or the probe ran past its deadline
     * @throws InterruptedException if interrupted while the other thread ends
     */
    static double roundTripNanos() throws InterruptedException {
        return roundTripNanos(Runtime.getRuntime().availableProcessors(), TimeUnit.MILLISECONDS.toNanos(DEADLINE_MILLIS));
    }

    static double roundTripNanos(int cpus, long deadlineNanos) throws InterruptedException {
        if (cpus < 2) {
            return Double.NaN;
        }
        Echo echo = new Echo(new AtomicLong(), new AtomicBoolean(), new CountDownLatch(1));
        ECHOES.put(echo); // to the echo thread, which is waiting for it
        AtomicLong word = echo.word();
        long deadline = System.nanoTime() + deadlineNanos;
        double[] batches = new double[BATCHES];
        long value = 0;
        try {
            for (int b = 0; b < BATCHES; b++) {
                long start = System.nanoTime();
                for (int i = 0; i < ROUND_TRIPS_PER_BATCH; i++) {
                    word.set(++value);
                    long answer = ++value;
                    for (int spins = 1; word.get() != answer; spins++) {
                        if (spins % SPINS_PER_CLOCK_READ == 0 && System.nanoTime() - deadline > 0) {
                            return Double.NaN;
                        }
                        Thread.onSpinWait();
                    }
                }
                batches[b] = (double) (System.nanoTime() - start) / ROUND_TRIPS_PER_BATCH;
                if (System.nanoTime() - deadline > 0 && b < BATCHES - 1) {
                    return Double.NaN;
                }
            }
        } finally {
            echo.abandoned().set(true);
            echo.done().await();
        }
        Arrays.sort(batches);
        return batches[BATCHES / 2];
    }

    /**
     * The thread that answers the probes, started once and parked between them. A thread per probe
     * would end just before the round's window opens, and a thread that is still exiting is counted
     * among the live ones at the open and gone at the close: its CPU time would leave the round's.
     */
    private static final SynchronousQueue<Echo> ECHOES = new SynchronousQueue<>();

    static {
        Thread echoes = new Thread(() -> {
            try {
                while (true) {
                    ECHOES.take().answer();
                }
            } catch (InterruptedException e) {
                // the JVM is ending
            }
        }, "xcore-probe");
        echoes.setDaemon(true);
        echoes.start();
    }

    /** One probe's shared word; {@code abandoned}: the prober gave up; {@code done}: the echo stopped. */
    private record Echo(AtomicLong word, AtomicBoolean abandoned, CountDownLatch done) {
        /** Answers each odd value with the next even one: the prober writes odd, the echo even. */
        void answer() {
            try {
                for (long expect = 1; expect < 2L * BATCHES * ROUND_TRIPS_PER_BATCH; expect += 2) {
                    for (int spins = 1; word.get() != expect; spins++) {
                        if (spins % SPINS_PER_CLOCK_READ == 0 && abandoned.get()) {
                            return;
                        }
                        Thread.onSpinWait();
                    }
                    word.set(expect + 1);
                }
            } finally {
                done.countDown();
            }
        }
    }

    /** @return {@code fast}, {@code middle} or {@code slow}, the state a round trip of {@code nanos} puts the machine in */
    static String state(double nanos) {
        if (Double.isNaN(nanos)) {
            return "unknown";
        }
        return nanos <= FAST_STATE_NANOS ? "fast" : nanos <= SLOW_STATE_NANOS ? "middle" : "slow";
    }

    /** @return the round trips that put the machine in {@code state}, in words for a report */
    static String range(String state) {
        return switch (state) {
            case "fast" -> "at most " + (int) FAST_STATE_NANOS + " ns";
            case "middle" -> "above " + (int) FAST_STATE_NANOS + " ns, at most " + (int) SLOW_STATE_NANOS + " ns";
            case "slow" -> "above " + (int) SLOW_STATE_NANOS + " ns";
            default -> throw new IllegalArgumentException("no such state: " + state);
        };
    }
}
