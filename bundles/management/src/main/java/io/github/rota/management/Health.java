package io.github.rota.management;

import io.github.rota.api.ActorSystem;
import io.github.rota.api.SystemStatus;
import io.github.rota.spi.dispatch.DispatcherCounter;
import io.github.rota.spi.dispatch.DispatcherStats;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * The health rules of {@link io.github.rota.api.management.ActorSystemMXBean}, over a sliding
 * window of one-second samples. Not thread-safe: {@link #sample} runs on the management thread;
 * the verdict is published through a volatile field.
 */
final class Health {

    static final int WINDOW_SECONDS = 60;
    static final int WAITING_CRITICAL_SECONDS = 5;
    static final long DEAD_LETTERS_WARN = 1_000;
    static final int QUEUE_DEPTH_WARN = 10_000;
    static final long QUEUE_DELAY_WARN_NANOS = 100_000_000;

    /** A verdict and its reason. */
    record Verdict(String status, String reason) {
        static final Verdict OK = new Verdict("OK", "all well");
    }

    private record Sample(long deadLetters, long starvationReports, boolean waiting) {
    }

    private final Deque<Sample> window = new ArrayDeque<>();
    private final ToDoubleFunction<String> queueDelayP99Nanos;
    private volatile Verdict verdict = Verdict.OK;

    /** @param queueDelayP99Nanos a dispatcher's recent p99 queue delay by id (NaN if unknown) */
    Health(ToDoubleFunction<String> queueDelayP99Nanos) {
        this.queueDelayP99Nanos = queueDelayP99Nanos;
    }

    Verdict verdict() {
        return verdict;
    }

    /** Takes this second's sample and re-evaluates. */
    void sample(ActorSystem system) {
        SystemStatus status = system.status();
        long starvation = 0;
        int deepestQueue = 0;
        String deepestDispatcher = null;
        double slowestDelay = 0;
        String slowestDispatcher = null;
        for (String id : status.dispatcherIds()) {
            double p99 = queueDelayP99Nanos.applyAsDouble(id);
            if (p99 > slowestDelay) {
                slowestDelay = p99;
                slowestDispatcher = id;
            }
            DispatcherStats stats = system.dispatcher(id).map(d -> d.stats()).orElse(DispatcherStats.NONE);
            starvation += stats.counter(DispatcherCounter.STARVATION_REPORTS);
            if (stats.globalQueueDepth() > deepestQueue) {
                deepestQueue = stats.globalQueueDepth();
                deepestDispatcher = id;
            }
        }
        window.addLast(new Sample(status.deadLetters(), starvation, status.actorsWaitingForDispatcher() > 0));
        while (window.size() > WINDOW_SECONDS + 1) {
            window.removeFirst();
        }
        verdict = evaluate(status, deepestQueue, deepestDispatcher, slowestDelay, slowestDispatcher);
    }

    private Verdict evaluate(SystemStatus status, int deepestQueue, String deepestDispatcher, double slowestDelay,
                             String slowestDispatcher) {
        int waitingSeconds = 0;
        for (var it = window.descendingIterator(); it.hasNext() && it.next().waiting(); ) {
            waitingSeconds++;
        }
        if (waitingSeconds > WAITING_CRITICAL_SECONDS) {
            return new Verdict("CRITICAL", status.actorsWaitingForDispatcher() + " actors have waited " + waitingSeconds
                    + " s for a dispatcher that is not there");
        }
        Sample oldest = window.getFirst();
        Sample newest = window.getLast();
        List<String> warnings = new ArrayList<>();
        long stuck = newest.starvationReports() - oldest.starvationReports();
        if (stuck > 0) {
            warnings.add(stuck + " turns stuck longer than the starvation threshold in the last minute");
        }
        long dead = newest.deadLetters() - oldest.deadLetters();
        if (dead > DEAD_LETTERS_WARN) {
            warnings.add(dead + " dead letters in the last minute");
        }
        if (slowestDelay > QUEUE_DELAY_WARN_NANOS) {
            warnings.add(String.format(java.util.Locale.ROOT, "queue delay p99 %.0f ms on dispatcher '%s'",
                    slowestDelay / 1e6, slowestDispatcher));
        }
        if (deepestQueue > QUEUE_DEPTH_WARN) {
            warnings.add(deepestQueue + " actors waiting in the shared queue of dispatcher '" + deepestDispatcher + "'");
        }
        return warnings.isEmpty() ? Verdict.OK : new Verdict("WARN", String.join("; ", warnings));
    }
}
