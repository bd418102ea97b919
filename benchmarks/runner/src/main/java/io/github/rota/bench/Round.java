package io.github.rota.bench;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * One round of one workload on one runtime, as a child JVM prints it and the runner parses it.
 *
 * @param measured {@code false} for a warm-up round
 * @param messages messages handled (actors started, for the spawn workloads)
 * @param nanos how long the clock ran: until the last message had been handled
 * @param cpuNanos CPU time the whole JVM used meanwhile (every thread: the runtime's, the workload's, JIT, GC)
 * @param allocatedBytes bytes allocated meanwhile, by every thread including those that ended
 * @param gcMillis time the collectors reported meanwhile
 * @param noise the share of the CPUs this JVM runs on that other processes used meanwhile, or NaN off Linux
 * @param noisy whether {@code noise} stayed above the threshold after the round was run again
 * @param p50Micros median sampled latency, or NaN
 * @param p99Micros 99th percentile, or NaN
 * @param p999Micros 99.9th percentile, or NaN
 * @param threads the runtime's live threads at the end of the round (live threads minus the JVM's own before it started)
 * @param extra workload-specific {@code key=value} figures
 */
record Round(boolean measured, long messages, long nanos, long cpuNanos, long allocatedBytes, long gcMillis, double noise,
             boolean noisy, double p50Micros, double p99Micros, double p999Micros, int threads, String extra) {

    /** The kernel counts CPU time in ticks of this length. */
    private static final double TICK_NANOS = 10_000_000;
    private static final Set<String> KEYS = Set.of("measured", "messages", "nanos", "cpu_nanos", "alloc_bytes", "gc_ms",
            "noise", "noisy", "p50_us", "p99_us", "p999_us", "threads");

    double messagesPerSecond() {
        return messages * 1e9 / nanos;
    }

    double allocatedBytesPerMessage() {
        return (double) allocatedBytes / messages;
    }

    /** @return CPU-seconds the JVM spent per million messages: what a rate hides when threads spin */
    double cpuSecondsPerMillion() {
        return cpuNanos / 1e3 / messages;
    }

    /**
     * @return whether other processes took more than {@code threshold} of the CPUs during this round,
     *         beyond the measurement's own error (one 10 ms tick per CPU)
     */
    boolean noisierThan(double threshold) {
        return noise - TICK_NANOS / nanos > threshold;
    }

    /** @return this round, flagged: its noise stayed above the threshold however often it ran */
    Round flaggedNoisy() {
        return new Round(measured, messages, nanos, cpuNanos, allocatedBytes, gcMillis, noise, true, p50Micros, p99Micros,
                p999Micros, threads, extra);
    }

    String line() {
        return String.format(Locale.ROOT, "ROUND measured=%b messages=%d nanos=%d cpu_nanos=%d alloc_bytes=%d gc_ms=%d "
                        + "noise=%s noisy=%b p50_us=%s p99_us=%s p999_us=%s threads=%d%s", measured, messages, nanos, cpuNanos,
                allocatedBytes, gcMillis, Double.isNaN(noise) ? "NaN" : String.format(Locale.ROOT, "%.3f", noise), noisy,
                number(p50Micros), number(p99Micros), number(p999Micros), threads, extra.isEmpty() ? "" : " " + extra);
    }

    /** @return the round a {@code ROUND ...} line describes */
    static Round parse(String line) {
        if (!line.startsWith("ROUND ")) {
            throw new IllegalArgumentException("not a ROUND line: " + line);
        }
        Map<String, String> fields = new LinkedHashMap<>();
        StringBuilder extra = new StringBuilder();
        for (String pair : line.substring("ROUND ".length()).trim().split(" ")) {
            int eq = pair.indexOf('=');
            String key = pair.substring(0, eq);
            String value = pair.substring(eq + 1);
            if (KEYS.contains(key)) {
                fields.put(key, value);
            } else {
                extra.append(extra.length() == 0 ? "" : " ").append(pair);
            }
        }
        if (!fields.keySet().equals(KEYS)) {
            throw new IllegalArgumentException("a ROUND line needs " + KEYS + ": " + line);
        }
        return new Round(Boolean.parseBoolean(fields.get("measured")), Long.parseLong(fields.get("messages")),
                Long.parseLong(fields.get("nanos")), Long.parseLong(fields.get("cpu_nanos")),
                Long.parseLong(fields.get("alloc_bytes")), Long.parseLong(fields.get("gc_ms")),
                Double.parseDouble(fields.get("noise")), Boolean.parseBoolean(fields.get("noisy")),
                Double.parseDouble(fields.get("p50_us")), Double.parseDouble(fields.get("p99_us")),
                Double.parseDouble(fields.get("p999_us")), Integer.parseInt(fields.get("threads")), extra.toString());
    }

    /** @return the value of an extra figure, e.g. {@code bytes_per_actor}, or NaN */
    double extra(String key) {
        for (String pair : extra.split(" ")) {
            if (pair.startsWith(key + "=")) {
                return Double.parseDouble(pair.substring(key.length() + 1));
            }
        }
        return Double.NaN;
    }

    private static String number(double value) {
        return Double.isNaN(value) ? "NaN" : String.format(Locale.ROOT, "%.2f", value);
    }
}
