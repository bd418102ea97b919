package io.github.rota.demo;

import io.github.rota.api.ActorSystem;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One run of the {@link DemoWorkload}: a ticking thread drives it at about {@code rate} messages per
 * second, and a line every {@code reportSeconds} says what was handled. The OSGi component and the
 * module-path launcher both start and stop runs.
 */
final class DemoRun {

    private static final Logger LOG = LoggerFactory.getLogger(DemoRun.class);
    private static final int TICKS_PER_SECOND = 10;
    /** How long a stop lets the work already sent finish before it stops the actors. */
    private static final long DRAIN_MILLIS = 5_000;
    /** Runs so far in this JVM: each takes new actor names (demo1-..., demo2-...). */
    private static final AtomicInteger RUNS = new AtomicInteger();

    private final DemoWorkload workload;
    private final ScheduledExecutorService ticker;

    /**
     * Starts a run.
     *
     * @throws IllegalArgumentException if {@code rate} or {@code reportSeconds} is below 1; nothing is started then
     */
    DemoRun(ActorSystem system, int rate, int reportSeconds) {
        if (rate < 1 || reportSeconds < 1) {
            throw new IllegalArgumentException("rate must be >= 1 (was " + rate + ") and reportSeconds >= 1 (was "
                    + reportSeconds + ")");
        }
        workload = new DemoWorkload(system, "demo" + RUNS.incrementAndGet());
        ticker = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "rota-demo-ticker");
            thread.setDaemon(true);
            return thread;
        });
        int perTick = Math.max(1, rate / TICKS_PER_SECOND);
        ticker.scheduleAtFixedRate(() -> workload.tick(perTick), 0, 1000 / TICKS_PER_SECOND, TimeUnit.MILLISECONDS);
        ticker.scheduleAtFixedRate(new Reporter(workload, system, reportSeconds), reportSeconds, reportSeconds,
                TimeUnit.SECONDS);
        LOG.info("demo workload started on actor system '{}': about {} messages/s", system.name(), rate);
    }

    /** Stops ticking, lets the work already sent finish (for a few seconds at most), and stops the run's actors. */
    void stop() throws InterruptedException {
        ticker.shutdownNow();
        ticker.awaitTermination(10, TimeUnit.SECONDS);
        long left = workload.stop(DRAIN_MILLIS);
        if (left == 0) {
            LOG.info("demo workload stopped");
        } else {
            LOG.warn("demo workload stopped with {} messages still in flight after {} ms; they become dead letters",
                    left, DRAIN_MILLIS);
        }
    }

    /** Logs what was handled since the last report. */
    private static final class Reporter implements Runnable {
        private final DemoWorkload workload;
        private final ActorSystem system;
        private final int seconds;
        private long roundTrips;
        private long acks;
        private long hot;

        Reporter(DemoWorkload workload, ActorSystem system, int seconds) {
            this.workload = workload;
            this.system = system;
            this.seconds = seconds;
        }

        @Override
        public void run() {
            long r = workload.roundTrips.sum();
            long a = workload.fanOutAcks.sum();
            long h = workload.hotMessages.sum();
            LOG.info("demo: last {} s: {} round trips, {} fan-out acks, {} hot-actor messages; dead letters so far {}",
                    seconds, r - roundTrips, a - acks, h - hot, system.deadLetterCount());
            roundTrips = r;
            acks = a;
            hot = h;
        }
    }
}
