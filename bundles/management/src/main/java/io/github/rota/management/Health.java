package io.github.rota.management;

import io.github.rota.api.ActorSystem;
import io.github.rota.api.SystemStatus;
import io.github.rota.spi.dispatch.DispatcherStats;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

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

    /** A verdict and its reason. */
    record Verdict(String status, String reason) {
        static final Verdict OK = new Verdict("OK", "all well");
    }

    private record Sample(long deadLetters, long starvationReports, boolean waiting) {
    }

    private final Deque<Sample> window = new ArrayDeque<>();
    private volatile Verdict verdict = Verdict.OK;

    Verdict verdict() {
        return verdict;
    }

    /** Takes this second's sample and re-evaluates. */
    void sample(ActorSystem system) {
        SystemStatus status = system.status();
        long starvation = 0;
        int deepestQueue = 0;
        String deepestDispatcher = null;
        for (String id : status.dispatcherIds()) {
            DispatcherStats stats = system.dispatcher(id).map(d -> d.stats()).orElse(DispatcherStats.NONE);
            starvation += stats.counters().getOrDefault("starvationReports", 0L);
            if (stats.globalQueueDepth() > deepestQueue) {
                deepestQueue = stats.globalQueueDepth();
                deepestDispatcher = id;
            }
        }
        window.addLast(new Sample(status.deadLetters(), starvation, status.actorsWaitingForDispatcher() > 0));
        while (window.size() > WINDOW_SECONDS + 1) {
            window.removeFirst();
        }
        verdict = evaluate(status, deepestQueue, deepestDispatcher);
    }

    private Verdict evaluate(SystemStatus status, int deepestQueue, String deepestDispatcher) {
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
        if (deepestQueue > QUEUE_DEPTH_WARN) {
            warnings.add(deepestQueue + " actors waiting in the shared queue of dispatcher '" + deepestDispatcher + "'");
        }
        return warnings.isEmpty() ? Verdict.OK : new Verdict("WARN", String.join("; ", warnings));
    }
}
