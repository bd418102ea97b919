package io.github.rota.management;

import io.github.rota.api.ActorSystem;
import io.github.rota.api.DispatcherView;
import io.github.rota.api.SystemStatus;
import io.github.rota.api.management.ActorSystemHealth;
import io.github.rota.api.management.HealthCheckResult;
import io.github.rota.api.management.HealthStatus;
import io.github.rota.api.DispatcherCounter;
import io.github.rota.api.DispatcherStats;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;

/**
 * The health checks of one actor system ({@link ActorSystemHealth}), over a sliding window of
 * one-second samples.
 *
 * <p>Threads: {@link #sample} runs on the management thread only and owns the window; the results
 * and the thresholds are immutable values published through volatile fields, so any thread may read
 * {@link #results()} or set {@link #thresholds(HealthThresholds)}.
 */
final class Health implements ActorSystemHealth {

    /** The worst status and the reasons of the checks that are not OK, for the JMX attributes. */
    record Verdict(String status, String reason) {
    }

    /** One second: the counters the counting checks difference, and the slowest queue-delay probe. */
    private record Sample(long deadLetters, long starvationReports, double queueDelayNanos, String slowestDispatcher) {
    }

    /**
     * A dispatcher as last sampled: the instance (its counters start again when it is replaced), its
     * starvation reports and parks then, and for how many samples in a row none of its workers parked.
     */
    private record Seen(DispatcherView instance, long starvationReports, long parks, int busySeconds) {
    }

    private final String system;
    private final ToDoubleFunction<String> queueDelayNanos;
    private final Deque<Sample> window = new ArrayDeque<>();
    private final Map<String, Seen> seen = new HashMap<>();
    /** Starvation reports of every dispatcher instance seen, summed: unlike their counters, it never goes down. */
    private long starvationReports;
    /** Samples in a row at which actors waited for a missing dispatcher, minus one: the seconds they have waited. */
    private int waitingSeconds = -1;
    private volatile HealthThresholds thresholds = HealthThresholds.DEFAULTS;
    private volatile List<HealthCheckResult> results;

    /**
     * @param system the actor system's name
     * @param queueDelayNanos a dispatcher's queue delay this second by id: the last probe's, or how
     *                        long a probe still queued has waited; NaN if unknown
     */
    Health(String system, ToDoubleFunction<String> queueDelayNanos) {
        this.system = system;
        this.queueDelayNanos = queueDelayNanos;
        this.results = CHECKS.stream().map(check -> new HealthCheckResult(check, HealthStatus.OK, "not sampled yet")).toList();
    }

    @Override
    public String system() {
        return system;
    }

    @Override
    public List<HealthCheckResult> results() {
        return results;
    }

    void thresholds(HealthThresholds next) {
        thresholds = next;
    }

    Verdict verdict() {
        List<HealthCheckResult> now = results;
        HealthStatus worst = worst(now);
        String reasons = now.stream().filter(r -> r.status() != HealthStatus.OK).map(HealthCheckResult::reason)
                .collect(Collectors.joining("; "));
        return new Verdict(worst.name(), reasons.isEmpty() ? "all well" : reasons);
    }

    /** {@return the worst status of the last evaluation} */
    HealthStatus worst() {
        return worst(results);
    }

    private static HealthStatus worst(List<HealthCheckResult> results) {
        return results.stream().map(HealthCheckResult::status).max(Enum::compareTo).orElse(HealthStatus.OK);
    }

    /** Takes this second's sample and re-evaluates every check. */
    void sample(ActorSystem actorSystem) {
        HealthThresholds limits = thresholds;
        SystemStatus status = actorSystem.status();
        int deepest = 0;
        String deepestDispatcher = null;
        double slowest = Double.NaN;
        String slowestDispatcher = null;
        int busiest = 0;
        String busiestDispatcher = null;
        for (String id : status.dispatcherIds()) {
            DispatcherView instance = actorSystem.dispatcher(id).orElse(null);
            if (instance == null) {
                continue; // missing: dispatcher-missing watches that
            }
            DispatcherStats stats = instance.stats();
            Seen last = seen.get(id);
            boolean same = last != null && last.instance().equals(instance);
            long reports = stats.counter(DispatcherCounter.STARVATION_REPORTS);
            starvationReports += same ? reports - last.starvationReports() : reports;
            int busySeconds = busySeconds(same ? last : null, stats);
            seen.put(id, new Seen(instance, reports, stats.counter(DispatcherCounter.PARKS), busySeconds));
            double delay = queueDelayNanos.applyAsDouble(id);
            if (delay > slowest || Double.isNaN(slowest)) {
                slowest = delay;
                slowestDispatcher = id;
            }
            if (stats.globalQueueDepth() > deepest) {
                deepest = stats.globalQueueDepth();
                deepestDispatcher = id;
            }
            if (busySeconds > busiest) {
                busiest = busySeconds;
                busiestDispatcher = id;
            }
        }
        seen.keySet().retainAll(status.dispatcherIds());
        waitingSeconds = status.actorsWaitingForDispatcher() > 0 ? waitingSeconds + 1 : -1;
        window.addLast(new Sample(status.deadLetters(), starvationReports, slowest, slowestDispatcher));
        while (window.size() > limits.windowSeconds() + 1) {
            window.removeFirst();
        }
        Sample oldest = window.getFirst();
        Sample newest = window.getLast();
        int seconds = window.size() - 1;
        results = List.of(
                judge(limits, "dispatcher-missing", Math.max(0, waitingSeconds), " s", waitingSeconds < 0
                        ? "no actor waits for a missing dispatcher"
                        : status.actorsWaitingForDispatcher() + " actors have waited " + waitingSeconds
                                + " s for a dispatcher that is not there"),
                judge(limits, "starvation", newest.starvationReports() - oldest.starvationReports(), "",
                        (newest.starvationReports() - oldest.starvationReports())
                                + " turns stuck longer than the starvation threshold in the last " + seconds + " s"),
                queueDelay(limits),
                judge(limits, "dead-letters", newest.deadLetters() - oldest.deadLetters(), "",
                        (newest.deadLetters() - oldest.deadLetters()) + " dead letters in the last " + seconds + " s"),
                judge(limits, "saturation", busiest, " s", busiest == 0
                        ? "no dispatcher that parks has gone a second without a park"
                        : "no worker of dispatcher '" + busiestDispatcher + "' has parked for " + busiest + " s"),
                judge(limits, "backlog", deepest, "", deepest == 0
                        ? "no actor waits in a shared queue"
                        : deepest + " actors waiting in the shared queue of dispatcher '" + deepestDispatcher + "'"));
    }

    /**
     * Seconds in a row at which a dispatcher that parks had no worker parked and none had parked
     * since the last sample (of the same instance, {@code last}; null for a new one).
     */
    private static int busySeconds(Seen last, DispatcherStats stats) {
        if (last == null || !stats.counters().containsKey(DispatcherCounter.PARKS)) {
            return 0;
        }
        boolean noPark = stats.parkedWorkers() == 0 && stats.counter(DispatcherCounter.PARKS) == last.parks();
        return noPark ? last.busySeconds() + 1 : 0;
    }

    /**
     * The p99 (nearest rank) of the window's queue-delay samples, each second's slowest dispatcher:
     * with a probe a second, the slowest of the window for windows up to 100 s.
     */
    private HealthCheckResult queueDelay(HealthThresholds limits) {
        Sample[] samples = window.stream().skip(Math.max(0, window.size() - limits.windowSeconds()))
                .filter(s -> !Double.isNaN(s.queueDelayNanos()))
                .sorted((a, b) -> Double.compare(a.queueDelayNanos(), b.queueDelayNanos())).toArray(Sample[]::new);
        if (samples.length == 0) {
            return judge(limits, "queue-delay", 0, " ms", "no queue delay measured yet");
        }
        Sample p99 = samples[(int) Math.ceil(0.99 * samples.length) - 1];
        double millis = p99.queueDelayNanos() / 1e6;
        return judge(limits, "queue-delay", (long) millis, " ms", String.format(Locale.ROOT,
                "queue delay p99 %.0f ms on dispatcher '%s' over %d probes", millis, p99.slowestDispatcher(), samples.length));
    }

    private static HealthCheckResult judge(HealthThresholds limits, String check, long value, String unit, String measured) {
        long warn = limits.warn(check);
        long critical = limits.critical(check);
        HealthStatus status = value >= critical ? HealthStatus.CRITICAL : value >= warn ? HealthStatus.WARN : HealthStatus.OK;
        return new HealthCheckResult(check, status, measured + " (warn at " + warn + unit + ", critical at " + critical + unit + ")");
    }
}
