package io.github.rota.dispatcher.workstealing;

import io.github.rota.api.WorkerStarvation;
import java.time.Duration;
import java.util.Arrays;
import java.util.function.Consumer;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reports a worker that stays inside one turn longer than a threshold: an actor blocking or
 * computing for long starves every actor queued behind it on that worker. One thread per
 * dispatcher samples each worker's turn epoch (odd while in a turn) every quarter threshold; the
 * hot path pays only two opaque stores per turn, no clock read. A stuck turn is reported once
 * (log with the worker's stack, counter, {@link WorkerStarvation} event), between one and 1.25
 * thresholds after it started.
 *
 * <p>Threads: the arrays are confined to the probe thread; {@code reports} has this single writer.
 */
final class StarvationProbe implements Runnable {

    private static final Logger LOG = LoggerFactory.getLogger(StarvationProbe.class);

    private final WorkStealingDispatcher pool;
    private final long thresholdNanos;
    private final Consumer<Object> events;
    private final long[] lastEpoch;
    private final long[] inTurnSince;
    private final long[] reportedEpoch;
    private volatile long reports;

    StarvationProbe(WorkStealingDispatcher pool, long thresholdNanos, Consumer<Object> events) {
        this.pool = pool;
        this.thresholdNanos = thresholdNanos;
        this.events = events;
        int n = pool.workers().length;
        this.lastEpoch = new long[n];
        this.inTurnSince = new long[n];
        this.reportedEpoch = new long[n];
        Arrays.fill(reportedEpoch, -1);
    }

    long reports() {
        return reports;
    }

    @Override
    public void run() {
        while (!pool.isStopping()) {
            LockSupport.parkNanos(this, thresholdNanos / 4);
            sample(System.nanoTime());
        }
    }

    void sample(long now) {
        Worker[] workers = pool.workers();
        for (int i = 0; i < workers.length; i++) {
            long epoch = workers[i].turnEpoch();
            if ((epoch & 1) == 0 || epoch != lastEpoch[i]) {
                lastEpoch[i] = epoch; // idle, or a new turn since the last look
                inTurnSince[i] = now;
                continue;
            }
            long stuck = now - inTurnSince[i];
            if (stuck >= thresholdNanos && reportedEpoch[i] != epoch) {
                reportedEpoch[i] = epoch;
                report(workers[i], Duration.ofNanos(stuck));
            }
        }
    }

    private void report(Worker worker, Duration stuckFor) {
        Thread thread = worker.thread();
        StackTraceElement[] stack = thread.getStackTrace();
        reports = reports + 1; // single writer
        StringBuilder trace = new StringBuilder();
        for (StackTraceElement frame : stack) {
            trace.append("\n\tat ").append(frame);
        }
        LOG.warn("dispatcher '{}': worker {} has been in one turn for {} ms; actors queued behind it are starving{}",
                pool.id(), thread.getName(), stuckFor.toMillis(), trace);
        events.accept(new WorkerStarvation(pool.id(), thread.getName(), stuckFor, Arrays.asList(stack)));
    }
}
