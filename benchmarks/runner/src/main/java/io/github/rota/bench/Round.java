package io.github.rota.bench;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One round of one workload on one runtime, as a child JVM prints it and the runner parses it.
 *
 * @param measured {@code false} for a warm-up round
 * @param messages messages handled (actors created, for spawn-many)
 * @param nanos how long the clock ran
 * @param p50Micros median sampled latency, or NaN
 * @param p99Micros 99th percentile, or NaN
 * @param p999Micros 99.9th percentile, or NaN
 * @param allocatedBytes bytes allocated by all live threads during the round
 * @param threads the runtime's live threads at the end of the round (live threads minus the JVM's own before it started)
 * @param extra workload-specific {@code key=value} figures
 */
record Round(boolean measured, long messages, long nanos, double p50Micros, double p99Micros, double p999Micros,
             long allocatedBytes, int threads, String extra) {

    double messagesPerSecond() {
        return messages * 1e9 / nanos;
    }

    double allocatedBytesPerMessage() {
        return (double) allocatedBytes / messages;
    }

    String line() {
        return String.format(Locale.ROOT, "ROUND measured=%b messages=%d nanos=%d p50_us=%s p99_us=%s p999_us=%s "
                        + "alloc_bytes=%d threads=%d%s", measured, messages, nanos, number(p50Micros), number(p99Micros),
                number(p999Micros), allocatedBytes, threads, extra.isEmpty() ? "" : " " + extra);
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
            if (Map.of("measured", 0, "messages", 0, "nanos", 0, "p50_us", 0, "p99_us", 0, "p999_us", 0,
                    "alloc_bytes", 0, "threads", 0).containsKey(key)) {
                fields.put(key, value);
            } else {
                extra.append(extra.length() == 0 ? "" : " ").append(pair);
            }
        }
        return new Round(Boolean.parseBoolean(fields.get("measured")), Long.parseLong(fields.get("messages")),
                Long.parseLong(fields.get("nanos")), Double.parseDouble(fields.get("p50_us")),
                Double.parseDouble(fields.get("p99_us")), Double.parseDouble(fields.get("p999_us")),
                Long.parseLong(fields.get("alloc_bytes")), Integer.parseInt(fields.get("threads")), extra.toString());
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
