package io.github.rota.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The Markdown report: the machine, every result, Rota against Pekko with the targets, the budget sweep. */
final class Report {

    private Report() {
    }

    static String machine() {
        return String.format(Locale.ROOT, "%s %s (%s), %d cores, %s %s, %d MiB max heap per workload JVM",
                System.getProperty("os.name"), System.getProperty("os.version"), System.getProperty("os.arch"),
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.vm.name"),
                System.getProperty("java.vm.version"), Bench.CHILD_HEAP_MIB);
    }

    static void write(Path file, String command, Map<String, Map<String, Summary>> results, List<Summary> sweep,
                      List<Comparison> comparisons, boolean charts) throws IOException {
        StringBuilder md = new StringBuilder();
        md.append("# Rota benchmark report\n\n");
        md.append("- run: `").append(command).append("`, ")
                .append(ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME)).append('\n');
        md.append("- machine: ").append(machine()).append('\n');
        md.append("- each workload on each runtime in its own JVM; figures are medians of the measured rounds\n\n");

        md.append("## Rota (work-stealing) against Pekko\n\n");
        md.append("Advantage: higher is better (a rate is Rota / Pekko; a latency, size or time is Pekko / Rota).\n\n");
        md.append("| workload | figure | Rota | Pekko (better) | advantage | Pekko (default) | advantage | target | met |\n");
        md.append("|---|---|---:|---:|---:|---:|---:|---|---|\n");
        for (Comparison c : comparisons) {
            md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s | %s | %s |%n", c.workload(),
                    c.figure(), number(c.rota()), number(c.pekkoBest()), ratio(c.advantageBest()),
                    number(c.pekkoDefault()), ratio(c.advantageDefault()), c.target(),
                    c.met().map(met -> met ? "yes" : "**no**").orElse("n/a")));
        }
        if (charts) {
            md.append("\n![Rota's advantage per workload](ratios.png)\n");
        }

        md.append("\n## All results\n\n");
        md.append("| workload | runtime | msgs/s | min | max | p50 µs | p99 µs | p99.9 µs | B/msg | threads | other |\n");
        md.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
        results.values().forEach(byRuntime -> byRuntime.values().forEach(s -> md.append(row(s))));

        if (!sweep.isEmpty()) {
            md.append("\n## Budget sweep (rota-ws)\n\n");
            md.append("| workload | budget | msgs/s | p99 µs |\n|---|---:|---:|---:|\n");
            for (Summary s : sweep) {
                md.append(String.format(Locale.ROOT, "| %s | %d | %,.0f | %s |%n", s.workload(), s.budget(),
                        s.msgsPerSecond(), number(s.p99Micros())));
            }
            if (charts) {
                md.append("\n![Throughput and p99 against the budget](budget-sweep.png)\n");
            }
        }
        Files.writeString(file, md);
    }

    private static String row(Summary s) {
        return String.format(Locale.ROOT, "| %s | %s | %,.0f | %,.0f | %,.0f | %s | %s | %s | %.1f | %.0f | %s |%n",
                s.workload(), s.runtime(), s.msgsPerSecond(), s.minMsgsPerSecond(), s.maxMsgsPerSecond(),
                number(s.p50Micros()), number(s.p99Micros()), number(s.p999Micros()), s.allocatedBytesPerMessage(),
                s.threads(), s.extras().trim());
    }

    private static String number(double value) {
        if (Double.isNaN(value)) {
            return "-";
        }
        return Math.abs(value) >= 1000 ? String.format(Locale.ROOT, "%,.0f", value) : String.format(Locale.ROOT, "%.2f", value);
    }

    private static String ratio(double value) {
        return Double.isNaN(value) || Double.isInfinite(value) ? "-" : String.format(Locale.ROOT, "%.2fx", value);
    }
}
