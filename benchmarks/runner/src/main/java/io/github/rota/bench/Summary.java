package io.github.rota.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * The measured rounds of one workload on one runtime at one core count, from every JVM (fork) it ran in,
 * reduced to medians over all rounds; the spread of the rate is shown as the lowest and highest of the
 * forks' own medians, which is what differs between JVMs (JIT decisions, memory layout, the machine's drift).
 *
 * @param workload the workload
 * @param runtime the runtime
 * @param cores the CPUs its JVM could use
 * @param budget the throughput budget it ran with (0 = the runtime's default)
 * @param forks the measured rounds of each JVM
 * @param comparable whether it ran by the runner's method (full sizes, enough forks, warm-ups and rounds)
 */
record Summary(String workload, String runtime, int cores, int budget, List<List<Round>> forks, boolean comparable) {

    Summary {
        if (forks.isEmpty() || forks.stream().anyMatch(List::isEmpty)) {
            throw new IllegalArgumentException("no measured round for " + workload + " on " + runtime);
        }
        forks = forks.stream().map(List::copyOf).toList();
    }

    List<Round> rounds() {
        List<Round> all = new ArrayList<>();
        forks.forEach(all::addAll);
        return all;
    }

    double msgsPerSecond() {
        return median(rounds(), Round::messagesPerSecond);
    }

    /** @return the lowest of the forks' median rates */
    double slowestFork() {
        return forks.stream().mapToDouble(f -> median(f, Round::messagesPerSecond)).min().orElseThrow();
    }

    /** @return the highest of the forks' median rates */
    double fastestFork() {
        return forks.stream().mapToDouble(f -> median(f, Round::messagesPerSecond)).max().orElseThrow();
    }

    double p50Micros() {
        return median(rounds(), Round::p50Micros);
    }

    double p99Micros() {
        return median(rounds(), Round::p99Micros);
    }

    double p999Micros() {
        return median(rounds(), Round::p999Micros);
    }

    double allocatedBytesPerMessage() {
        return median(rounds(), Round::allocatedBytesPerMessage);
    }

    double cpuSecondsPerMillion() {
        return median(rounds(), Round::cpuSecondsPerMillion);
    }

    double gcMillis() {
        return median(rounds(), r -> r.gcMillis());
    }

    double noise() {
        return median(rounds(), Round::noise);
    }

    long noisyRounds() {
        return rounds().stream().filter(Round::noisy).count();
    }

    double threads() {
        return median(rounds(), Round::threads);
    }

    double seconds() {
        return median(rounds(), r -> r.nanos() / 1e9);
    }

    /** @return the machine's state over these rounds ({@link CrossCoreProbe#state}) by the median {@code xcore_rtt_ns} */
    String state() {
        return CrossCoreProbe.state(extra("xcore_rtt_ns"));
    }

    /** @return these results with only the forks whose own median round trip puts them in {@code state}, if any */
    Optional<Summary> inState(String state) {
        List<List<Round>> kept = forks.stream()
                .filter(f -> CrossCoreProbe.state(median(f, r -> r.extra("xcore_rtt_ns"))).equals(state)).toList();
        return kept.isEmpty() ? Optional.empty() : Optional.of(new Summary(workload, runtime, cores, budget, kept, comparable));
    }

    /** @return the median of an extra figure, or NaN if the workload does not report it */
    double extra(String key) {
        return median(rounds(), r -> r.extra(key));
    }

    String resultLine() {
        return String.format(Locale.ROOT, "RESULT workload=%s runtime=%s cores=%d%s forks=%d rounds=%d msgs_per_s=%.0f"
                        + " msgs_per_s_slowest_fork=%.0f msgs_per_s_fastest_fork=%.0f p50_us=%s p99_us=%s p999_us=%s"
                        + " alloc_bytes_per_msg=%.1f cpu_s_per_m=%.4f gc_ms=%.0f noise=%s noisy_rounds=%d threads=%.0f"
                        + " seconds=%.3f comparable=%b state=%s%s",
                workload, runtime, cores, budget > 0 ? " budget=" + budget : "", forks.size(), rounds().size(),
                msgsPerSecond(), slowestFork(), fastestFork(), fixed(p50Micros()), fixed(p99Micros()), fixed(p999Micros()),
                allocatedBytesPerMessage(), cpuSecondsPerMillion(), gcMillis(), share(noise()), noisyRounds(), threads(),
                seconds(), comparable, state(), extras());
    }

    static String tableHeader() {
        return String.format(Locale.ROOT, "%-17s %-16s %5s %6s %13s %27s %8s %8s %8s %7s %8s %6s %6s %7s  %s", "workload",
                "runtime", "cores", "budget", "msgs/s", "[slowest..fastest fork]", "p50 µs", "p99 µs", "p99.9 µs", "B/msg",
                "CPU-s/M", "GC ms", "noise", "threads", "other");
    }

    String tableRow() {
        return String.format(Locale.ROOT, "%-17s %-16s %5d %6s %13s %27s %8s %8s %8s %7.1f %8.3f %6.0f %6s %7.0f  %s",
                workload, runtime, cores, budget > 0 ? Integer.toString(budget) : "-",
                String.format(Locale.ROOT, "%,.0f", msgsPerSecond()),
                String.format(Locale.ROOT, "[%,.0f..%,.0f]", slowestFork(), fastestFork()), fixed(p50Micros()),
                fixed(p99Micros()), fixed(p999Micros()), allocatedBytesPerMessage(), cpuSecondsPerMillion(), gcMillis(),
                share(noise()) + (noisyRounds() > 0 ? "!" : ""), threads(), extras().trim());
    }

    /** The medians of the extra figures, e.g. {@code evenness=0.981}. */
    String extras() {
        StringBuilder out = new StringBuilder();
        for (String pair : forks.get(0).get(0).extra().split(" ")) {
            if (pair.isEmpty()) {
                continue;
            }
            String key = pair.substring(0, pair.indexOf('='));
            double value = extra(key);
            out.append(' ').append(key).append('=').append(value == Math.rint(value)
                    ? String.format(Locale.ROOT, "%.0f", value)
                    : String.format(Locale.ROOT, Math.abs(value) < 1 ? "%.3g" : "%.3f", value));
        }
        return out.toString();
    }

    private static double median(List<Round> rounds, ToDoubleFunction<Round> metric) {
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

    private static String share(double value) {
        return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%.3f", value);
    }
}
