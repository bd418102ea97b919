package io.github.rota.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * One figure of Rota's work-stealing pool against Pekko, as an advantage (higher is better: for a
 * rate Rota / Pekko, for a latency, size or time Pekko / Rota), against the better and the default of
 * Pekko's two configurations, and whether the target is met.
 *
 * @param workload the workload
 * @param figure what is compared, e.g. {@code msgs/s}
 * @param rota Rota's value
 * @param pekkoBest the better Pekko value, or NaN
 * @param pekkoDefault Pekko's default configuration's value, or NaN
 * @param advantageBest Rota's advantage over the better Pekko
 * @param advantageDefault Rota's advantage over Pekko's default
 * @param target the target, as text
 * @param met whether it is met ({@code Optional.empty()} if it could not be measured)
 */
record Comparison(String workload, String figure, double rota, double pekkoBest, double pekkoDefault,
                  double advantageBest, double advantageDefault, String target, Optional<Boolean> met) {

    static final String ROTA = "rota-ws";
    static final String PEKKO_DEFAULT = "pekko-default";
    static final String PEKKO_TUNED = "pekko-tuned";

    /** @return the comparisons the targets name, for the summaries at hand */
    static List<Comparison> of(Map<String, Map<String, Summary>> results) {
        List<Comparison> rows = new ArrayList<>();
        rows.add(higher(results, "pingpong-1", "msgs/s", Summary::msgsPerSecond, 5));
        rows.add(limit(results));
        rows.add(higher(results, "threadring", "hops/s", Summary::msgsPerSecond, 5));
        rows.add(higher(results, "pingpong-pairs", "msgs/s", Summary::msgsPerSecond, 2));
        rows.add(higher(results, "fanout", "msgs/s", Summary::msgsPerSecond, 1.5));
        rows.add(higher(results, "hot-actor", "msgs/s", Summary::msgsPerSecond, 1.5));
        rows.add(lower(results, "ask-latency", "p50 µs", Summary::p50Micros, 2));
        rows.add(lower(results, "ask-latency", "p99 µs", Summary::p99Micros, 2));
        rows.add(lower(results, "spawn-many", "bytes/actor", s -> s.extra("bytes_per_actor"), 2));
        rows.add(threads(results));
        rows.add(lower(results, "skynet", "seconds", Summary::seconds, 2));
        rows.add(allocation(results, ROTA));
        rows.add(allocation(results, "rota-ws-pooled"));
        return rows;
    }

    private static Comparison higher(Map<String, Map<String, Summary>> results, String workload, String figure,
                                     ToDoubleFunction<Summary> metric, double target) {
        double rota = value(results, workload, ROTA, metric);
        double tuned = value(results, workload, PEKKO_TUNED, metric);
        double dflt = value(results, workload, PEKKO_DEFAULT, metric);
        double best = Double.isNaN(tuned) ? dflt : Double.isNaN(dflt) ? tuned : Math.max(tuned, dflt);
        return new Comparison(workload, figure, rota, best, dflt, rota / best, rota / dflt,
                ">= " + target + "x", judged(rota / best >= target, rota, best));
    }

    private static Comparison lower(Map<String, Map<String, Summary>> results, String workload, String figure,
                                    ToDoubleFunction<Summary> metric, double target) {
        double rota = value(results, workload, ROTA, metric);
        double tuned = value(results, workload, PEKKO_TUNED, metric);
        double dflt = value(results, workload, PEKKO_DEFAULT, metric);
        double best = Double.isNaN(tuned) ? dflt : Double.isNaN(dflt) ? tuned : Math.min(tuned, dflt);
        String text = target == 2 && !figure.equals("seconds") ? "<= 0.5x Pekko" : ">= " + target + "x";
        return new Comparison(workload, figure, rota, best, dflt, best / rota, dflt / rota, text,
                judged(best / rota >= target, rota, best));
    }

    /** pingpong-1 against the single-thread MPSC limit: at least 0.2x. */
    private static Comparison limit(Map<String, Map<String, Summary>> results) {
        double rota = value(results, "pingpong-1", ROTA, Summary::msgsPerSecond);
        double mpsc = value(results, "pingpong-1", JdkLimit.MPSC, Summary::msgsPerSecond);
        return new Comparison("pingpong-1", "msgs/s vs " + JdkLimit.MPSC, rota, mpsc, Double.NaN, rota / mpsc,
                Double.NaN, ">= 0.2x the limit", judged(rota / mpsc >= 0.2, rota, mpsc));
    }

    /** spawn-many's threads (the runtime's own): at most workers + 3, whatever the number of actors. */
    private static Comparison threads(Map<String, Map<String, Summary>> results) {
        double rota = value(results, "spawn-many", ROTA, Summary::threads);
        double tuned = value(results, "spawn-many", PEKKO_TUNED, Summary::threads);
        double dflt = value(results, "spawn-many", PEKKO_DEFAULT, Summary::threads);
        int workers = Math.max(Runtime.getRuntime().availableProcessors(), 2);
        return new Comparison("spawn-many", "runtime threads", rota, Math.min(tuned, dflt), dflt, Double.NaN, Double.NaN,
                "<= workers + 3 = " + (workers + 3), Double.isNaN(rota) ? Optional.empty() : Optional.of(rota <= workers + 3));
    }

    /** Steady-state allocation per message on pingpong-1: 0 bytes. */
    private static Comparison allocation(Map<String, Map<String, Summary>> results, String runtime) {
        double rota = value(results, "pingpong-1", runtime, Summary::allocatedBytesPerMessage);
        double tuned = value(results, "pingpong-1", PEKKO_TUNED, Summary::allocatedBytesPerMessage);
        double dflt = value(results, "pingpong-1", PEKKO_DEFAULT, Summary::allocatedBytesPerMessage);
        return new Comparison("pingpong-1", "bytes allocated/msg (" + runtime + ")", rota, Math.min(tuned, dflt), dflt, Double.NaN,
                Double.NaN, "0 bytes", Double.isNaN(rota) ? Optional.empty() : Optional.of(rota < 0.5));
    }

    private static Optional<Boolean> judged(boolean met, double rota, double other) {
        return Double.isNaN(rota) || Double.isNaN(other) ? Optional.empty() : Optional.of(met);
    }

    private static double value(Map<String, Map<String, Summary>> results, String workload, String runtime,
                                ToDoubleFunction<Summary> metric) {
        Summary summary = results.getOrDefault(workload, Map.of()).get(runtime);
        return summary == null ? Double.NaN : metric.applyAsDouble(summary);
    }
}
