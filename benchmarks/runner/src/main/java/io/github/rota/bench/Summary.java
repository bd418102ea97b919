package io.github.rota.bench;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * The measured rounds of one workload on one runtime, reduced to medians (with min and max for the
 * rate), and printed as a table row and a RESULT line.
 *
 * @param workload the workload
 * @param runtime the runtime
 * @param budget the throughput budget it ran with (0 = the runtime's default)
 * @param rounds the measured rounds
 */
record Summary(String workload, String runtime, int budget, List<Round> rounds) {

    Summary {
        if (rounds.isEmpty()) {
            throw new IllegalArgumentException("no measured round for " + workload + " on " + runtime);
        }
        rounds = List.copyOf(rounds);
    }

    double msgsPerSecond() {
        return median(Round::messagesPerSecond);
    }

    double minMsgsPerSecond() {
        return rounds.stream().mapToDouble(Round::messagesPerSecond).min().orElseThrow();
    }

    double maxMsgsPerSecond() {
        return rounds.stream().mapToDouble(Round::messagesPerSecond).max().orElseThrow();
    }

    double p50Micros() {
        return median(Round::p50Micros);
    }

    double p99Micros() {
        return median(Round::p99Micros);
    }

    double p999Micros() {
        return median(Round::p999Micros);
    }

    double allocatedBytesPerMessage() {
        return median(Round::allocatedBytesPerMessage);
    }

    double threads() {
        return median(Round::threads);
    }

    double seconds() {
        return median(r -> r.nanos() / 1e9);
    }

    /** @return the median of an extra figure, or NaN if the workload does not report it */
    double extra(String key) {
        return median(r -> r.extra(key));
    }

    String resultLine() {
        return String.format(Locale.ROOT, "RESULT workload=%s runtime=%s%s msgs_per_s=%.0f msgs_per_s_min=%.0f "
                        + "msgs_per_s_max=%.0f p50_us=%s p99_us=%s p999_us=%s alloc_bytes_per_msg=%.1f threads=%.0f "
                        + "seconds=%.3f%s",
                workload, runtime, budget > 0 ? " budget=" + budget : "", msgsPerSecond(), minMsgsPerSecond(),
                maxMsgsPerSecond(), fixed(p50Micros()), fixed(p99Micros()), fixed(p999Micros()),
                allocatedBytesPerMessage(), threads(), seconds(), extras());
    }

    static String tableHeader() {
        return String.format(Locale.ROOT, "%-16s %-15s %6s %14s %23s %9s %9s %9s %8s %7s  %s", "workload", "runtime",
                "budget", "msgs/s", "[min..max]", "p50 µs", "p99 µs", "p99.9 µs", "B/msg", "threads", "other");
    }

    String tableRow() {
        return String.format(Locale.ROOT, "%-16s %-15s %6s %14s %23s %9s %9s %9s %8.1f %7.0f  %s", workload, runtime,
                budget > 0 ? Integer.toString(budget) : "-", String.format(Locale.ROOT, "%,.0f", msgsPerSecond()),
                String.format(Locale.ROOT, "[%,.0f..%,.0f]", minMsgsPerSecond(), maxMsgsPerSecond()), fixed(p50Micros()),
                fixed(p99Micros()), fixed(p999Micros()), allocatedBytesPerMessage(), threads(), extras().trim());
    }

    /** The medians of the extra figures, e.g. {@code evenness=0.981}. */
    String extras() {
        StringBuilder out = new StringBuilder();
        for (String pair : rounds.get(0).extra().split(" ")) {
            if (pair.isEmpty()) {
                continue;
            }
            String key = pair.substring(0, pair.indexOf('='));
            double value = extra(key);
            out.append(' ').append(key).append('=').append(value == Math.rint(value)
                    ? String.format(Locale.ROOT, "%.0f", value) : String.format(Locale.ROOT, "%.3f", value));
        }
        return out.toString();
    }

    private double median(ToDoubleFunction<Round> metric) {
        double[] values = rounds.stream().mapToDouble(metric).sorted().toArray();
        if (Arrays.stream(values).anyMatch(Double::isNaN)) {
            return Double.NaN;
        }
        int n = values.length;
        return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    }

    private static String fixed(double value) {
        return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%.1f", value);
    }
}
