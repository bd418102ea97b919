package io.github.rota.bench;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * One figure of Rota's work-stealing pool against Pekko at one core count, as an advantage (higher is
 * better: for a rate Rota / Pekko, for a latency, size or time Pekko / Rota) over the best of Pekko's
 * configurations for that figure and over Pekko as shipped, and whether the target is met. A few rows
 * are absolute (evenness, threads, allocation) or Rota against itself (the envelope pool on and off).
 *
 * @param workload the workload
 * @param figure what is compared, e.g. {@code msgs/s}
 * @param rota Rota's value
 * @param pekkoBest the best Pekko value, or NaN
 * @param pekkoBestName the configuration that gave it, or {@code -}
 * @param pekkoDefault Pekko's default configuration's value, or NaN
 * @param advantageBest Rota's advantage over the best Pekko
 * @param advantageDefault Rota's advantage over Pekko's default
 * @param target the target, as text
 * @param met whether it is met ({@code Optional.empty()} if it could not be measured)
 */
record Comparison(String workload, String figure, double rota, double pekkoBest, String pekkoBestName, double pekkoDefault,
                  double advantageBest, double advantageDefault, String target, Optional<Boolean> met) {

    static final String ROTA = "rota-ws";
    static final String ROTA_POOLED = "rota-ws-pooled";
    static final String PEKKO = "pekko-";
    static final String PEKKO_DEFAULT = "pekko-default";

    /** @param results by workload, then runtime, at one core count */
    static List<Comparison> of(Map<String, Map<String, Summary>> results, int cores) {
        List<Comparison> rows = new ArrayList<>();
        rows.add(higher(results, "pingpong-1", "msgs/s", Summary::msgsPerSecond, 5));
        rows.add(lower(results, "pingpong-1", "p99 round trip µs", Summary::p99Micros, 2));
        rows.add(limit(results));
        rows.add(higher(results, "threadring", "hops/s", Summary::msgsPerSecond, 5));
        rows.add(higher(results, "pingpong-pairs", "msgs/s", Summary::msgsPerSecond, 2));
        rows.add(higher(results, "fanout", "msgs/s", Summary::msgsPerSecond, 2));
        rows.add(higher(results, "hot-actor", "msgs/s", Summary::msgsPerSecond, 2));
        rows.add(atLeast(results, "hot-actor", "evenness", s -> s.extra("evenness"), 0.9));
        rows.add(higher(results, "flood", "msgs/s", Summary::msgsPerSecond, 2));
        rows.add(lower(results, "flood", "drain start µs", s -> s.extra("drain_start_us"), 1));
        rows.add(higher(results, "broker", "msgs/s", Summary::msgsPerSecond, 1.5));
        rows.add(lower(results, "ask-latency", "p50 µs", Summary::p50Micros, 2));
        rows.add(lower(results, "ask-latency", "p99 µs", Summary::p99Micros, 2));
        rows.add(lower(results, "skynet", "seconds", Summary::seconds, 3));
        rows.add(lower(results, "spawn-many", "bytes/actor", s -> s.extra("bytes_per_actor"), 2));
        rows.add(lower(results, "spawn-many-inside", "bytes/actor", s -> s.extra("bytes_per_actor"), 2));
        rows.add(higher(results, "spawn-many", "actors started/s", Summary::msgsPerSecond, 0));
        rows.add(higher(results, "spawn-many-inside", "actors started/s", Summary::msgsPerSecond, 0));
        rows.add(threads(results, cores));
        for (String workload : Workloads.NAMES) {
            rows.add(pooledAllocation(results, workload));
            rows.add(pooledCpu(results, workload));
        }
        rows.removeIf(c -> Double.isNaN(c.rota()));
        return rows;
    }

    private static Comparison higher(Map<String, Map<String, Summary>> results, String workload, String figure,
                                     ToDoubleFunction<Summary> metric, double target) {
        double rota = value(results, workload, ROTA, metric);
        Optional<Map.Entry<String, Double>> best = bestPekko(results, workload, metric, Comparator.naturalOrder());
        double pekko = best.map(Map.Entry::getValue).orElse(Double.NaN);
        double dflt = value(results, workload, PEKKO_DEFAULT, metric);
        return new Comparison(workload, figure, rota, pekko, best.map(Map.Entry::getKey).orElse("-"), dflt, rota / pekko,
                rota / dflt, target > 0 ? ">= " + times(target) : "-", target > 0 ? judged(rota / pekko >= target, rota, pekko)
                        : Optional.empty());
    }

    private static Comparison lower(Map<String, Map<String, Summary>> results, String workload, String figure,
                                    ToDoubleFunction<Summary> metric, double target) {
        double rota = value(results, workload, ROTA, metric);
        Optional<Map.Entry<String, Double>> best = bestPekko(results, workload, metric, Comparator.reverseOrder());
        double pekko = best.map(Map.Entry::getValue).orElse(Double.NaN);
        double dflt = value(results, workload, PEKKO_DEFAULT, metric);
        String text = figure.equals("seconds") ? ">= " + times(target) : "<= " + times(1 / target) + " Pekko";
        return new Comparison(workload, figure, rota, pekko, best.map(Map.Entry::getKey).orElse("-"), dflt, pekko / rota,
                dflt / rota, text, judged(pekko / rota >= target, rota, pekko));
    }

    /** An absolute target on Rota's own figure. */
    private static Comparison atLeast(Map<String, Map<String, Summary>> results, String workload, String figure,
                                      ToDoubleFunction<Summary> metric, double target) {
        double rota = value(results, workload, ROTA, metric);
        Optional<Map.Entry<String, Double>> best = bestPekko(results, workload, metric, Comparator.naturalOrder());
        return new Comparison(workload, figure, rota, best.map(Map.Entry::getValue).orElse(Double.NaN),
                best.map(Map.Entry::getKey).orElse("-"), value(results, workload, PEKKO_DEFAULT, metric), Double.NaN,
                Double.NaN, ">= " + target, judged(rota >= target, rota, rota));
    }

    /** pingpong-1 against the single-thread MPSC queue: how far from a mailbox with nothing around it. */
    private static Comparison limit(Map<String, Map<String, Summary>> results) {
        double rota = value(results, "pingpong-1", ROTA, Summary::msgsPerSecond);
        double mpsc = value(results, "pingpong-1", JdkLimit.MPSC, Summary::msgsPerSecond);
        return new Comparison("pingpong-1", "msgs/s vs " + JdkLimit.MPSC, rota, mpsc, JdkLimit.MPSC, Double.NaN,
                rota / mpsc, Double.NaN, "- (the limit)", Optional.empty());
    }

    /** spawn-many's threads (the runtime's own): at most workers + 3, whatever the number of actors. */
    private static Comparison threads(Map<String, Map<String, Summary>> results, int cores) {
        double rota = value(results, "spawn-many", ROTA, Summary::threads);
        Optional<Map.Entry<String, Double>> best = bestPekko(results, "spawn-many", Summary::threads,
                Comparator.reverseOrder());
        int workers = Math.max(cores, 2);
        return new Comparison("spawn-many", "runtime threads", rota, best.map(Map.Entry::getValue).orElse(Double.NaN),
                best.map(Map.Entry::getKey).orElse("-"), value(results, "spawn-many", PEKKO_DEFAULT, Summary::threads),
                Double.NaN, Double.NaN, "<= workers + 3 = " + (workers + 3),
                Double.isNaN(rota) ? Optional.empty() : Optional.of(rota <= workers + 3));
    }

    /** Steady-state allocation per message with the envelope pool on: 0 bytes. */
    private static Comparison pooledAllocation(Map<String, Map<String, Summary>> results, String workload) {
        double pooled = value(results, workload, ROTA_POOLED, Summary::allocatedBytesPerMessage);
        return new Comparison(workload, "B/msg, pool on", pooled, Double.NaN, "-", Double.NaN, Double.NaN, Double.NaN,
                "0", Double.isNaN(pooled) ? Optional.empty() : Optional.of(pooled < 0.5));
    }

    /** CPU per message with the envelope pool on, against off: no more. */
    private static Comparison pooledCpu(Map<String, Map<String, Summary>> results, String workload) {
        double pooled = value(results, workload, ROTA_POOLED, Summary::cpuSecondsPerMillion);
        double off = value(results, workload, ROTA, Summary::cpuSecondsPerMillion);
        return new Comparison(workload, "CPU-s/M msgs, pool on vs off", pooled, off, ROTA, Double.NaN, off / pooled,
                Double.NaN, "pool on <= off", judged(pooled <= off, pooled, off));
    }

    /** The best of Pekko's configurations on one figure ({@code order}: which way is better). */
    private static Optional<Map.Entry<String, Double>> bestPekko(Map<String, Map<String, Summary>> results, String workload,
                                                                 ToDoubleFunction<Summary> metric, Comparator<Double> order) {
        return results.getOrDefault(workload, Map.of()).entrySet().stream()
                .filter(e -> e.getKey().startsWith(PEKKO))
                .map(e -> Map.entry(e.getKey(), metric.applyAsDouble(e.getValue())))
                .filter(e -> !Double.isNaN(e.getValue()))
                .max(Map.Entry.comparingByValue(order));
    }

    private static Optional<Boolean> judged(boolean met, double rota, double other) {
        return Double.isNaN(rota) || Double.isNaN(other) ? Optional.empty() : Optional.of(met);
    }

    private static double value(Map<String, Map<String, Summary>> results, String workload, String runtime,
                                ToDoubleFunction<Summary> metric) {
        Summary summary = results.getOrDefault(workload, Map.of()).get(runtime);
        return summary == null ? Double.NaN : metric.applyAsDouble(summary);
    }

    private static String times(double value) {
        return String.format(Locale.ROOT, value == Math.rint(value) ? "%.0fx" : "%.1fx", value);
    }
}
