package io.github.rota.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The Markdown report: the run and the machine, whether it followed the method, Rota against the best
 * Pekko with the targets, CPU per message, every result at every core count, the budget sweep.
 */
final class Report {

    private Report() {
    }

    static String machine() {
        return String.format(Locale.ROOT, "%s %s (%s), %d cores, %s %s, %d MiB heap per workload JVM",
                System.getProperty("os.name"), System.getProperty("os.version"), System.getProperty("os.arch"),
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.vm.name"),
                System.getProperty("java.vm.version"), ChildJvm.HEAP_MIB);
    }

    static void write(Path file, BenchOptions options, Map<Integer, Map<String, Map<String, Summary>>> results,
                      List<Summary> sweep, List<Comparison> comparisons, boolean charts) throws IOException {
        int cores = options.allCores();
        StringBuilder md = new StringBuilder();
        md.append("# Rota benchmark report\n\n");
        md.append("- run: `bench ").append(options.target()).append(" --forks ").append(options.forks())
                .append(" --rounds ").append(options.rounds()).append(" --cores ").append(join(options.cores()))
                .append(" --scale ").append(options.scale()).append(" --noise ").append(options.noiseThreshold())
                .append(options.warmup() >= 0 ? " --warmup " + options.warmup() : "").append("`, ")
                .append(ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME)).append('\n');
        md.append("- machine: ").append(machine()).append('\n');
        List<String> notComparable = options.notComparableBecause();
        md.append(notComparable.isEmpty() ? "- comparable: yes, run by the runner's method\n"
                : "- **not comparable** with a run by the runner's method: " + String.join("; ", notComparable) + "\n");
        md.append("- method: each workload on each runtime in ").append(options.forks())
                .append(" JVMs of its own, interleaved; each JVM runs the workload's warm-up rounds (10 for rounds of")
                .append(" messages, 2 for the million-actor ones), then ").append(options.rounds())
                .append(" measured rounds, each after a full collection and timed until its last message was handled;")
                .append(" a round during which other processes took more than ")
                .append(String.format(Locale.ROOT, "%.0f %%", options.noiseThreshold() * 100))
                .append(" of the CPUs is run again (up to ").append(WorkloadMain.MAX_RERUNS)
                .append(" times) and flagged `!` if it stays noisy. Figures are medians over all measured rounds;")
                .append(" [slowest..fastest fork] are the JVMs' own medians. CPU-s/M is the JVM's CPU time per million")
                .append(" messages; B/msg counts every thread's allocation.\n\n");

        md.append("## Rota (work-stealing) against the best Pekko, ").append(cores).append(" cores\n\n");
        md.append("Advantage: higher is better (a rate is Rota / Pekko; a latency, size or time is Pekko / Rota). ")
                .append("Best Pekko is the best of its configurations for each figure.\n\n");
        md.append("| workload | figure | Rota | best Pekko | (configuration) | advantage | Pekko default | advantage | target | met |\n");
        md.append("|---|---|---:|---:|---|---:|---:|---:|---|---|\n");
        for (Comparison c : comparisons) {
            md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |%n", c.workload(),
                    c.figure(), number(c.rota()), number(c.pekkoBest()), c.pekkoBestName(), ratio(c.advantageBest()),
                    number(c.pekkoDefault()), ratio(c.advantageDefault()), c.target(),
                    c.met().map(met -> met ? "yes" : "**no**").orElse("n/a")));
        }
        if (charts) {
            md.append("\n![Rota's advantage per workload](ratios.png)\n");
        }

        Map<String, Map<String, Summary>> atAll = results.getOrDefault(cores, Map.of());
        Set<String> runtimes = new LinkedHashSet<>();
        atAll.values().forEach(byRuntime -> runtimes.addAll(byRuntime.keySet()));
        md.append("\n## CPU-seconds per million messages, ").append(cores).append(" cores\n\n");
        md.append("| workload |");
        runtimes.forEach(r -> md.append(' ').append(r).append(" |"));
        md.append("\n|---|");
        runtimes.forEach(r -> md.append("---:|"));
        md.append('\n');
        atAll.forEach((workload, byRuntime) -> {
            md.append("| ").append(workload).append(" |");
            runtimes.forEach(r -> {
                Summary s = byRuntime.get(r);
                md.append(' ').append(s == null ? "" : String.format(Locale.ROOT, "%.3f", s.cpuSecondsPerMillion())).append(" |");
            });
            md.append('\n');
        });
        if (charts) {
            md.append("\n![CPU-seconds per million messages](cpu.png)\n");
        }

        for (Map.Entry<Integer, Map<String, Map<String, Summary>>> atCores : results.entrySet()) {
            md.append("\n## All results, ").append(atCores.getKey()).append(atCores.getKey() == 1 ? " core" : " cores")
                    .append("\n\n");
            md.append("| workload | runtime | msgs/s | slowest fork | fastest fork | p50 µs | p99 µs | p99.9 µs | B/msg |"
                    + " CPU-s/M | GC ms | noise | threads | other |\n");
            md.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
            atCores.getValue().values().forEach(byRuntime -> byRuntime.values().forEach(s -> md.append(row(s))));
        }

        if (!sweep.isEmpty()) {
            md.append("\n## Budget sweep (").append(Comparison.ROTA).append(", ").append(cores).append(" cores)\n\n");
            md.append("| workload | budget | msgs/s | p99 µs | CPU-s/M |\n|---|---:|---:|---:|---:|\n");
            for (Summary s : sweep) {
                md.append(String.format(Locale.ROOT, "| %s | %d | %,.0f | %s | %.3f |%n", s.workload(), s.budget(),
                        s.msgsPerSecond(), number(s.p99Micros()), s.cpuSecondsPerMillion()));
            }
            if (charts) {
                md.append("\n![Throughput and p99 against the budget](budget-sweep.png)\n");
            }
        }
        Files.writeString(file, md);
    }

    private static String row(Summary s) {
        return String.format(Locale.ROOT, "| %s | %s | %,.0f | %,.0f | %,.0f | %s | %s | %s | %.1f | %.3f | %.0f | %s | %.0f | %s |%n",
                s.workload(), s.runtime(), s.msgsPerSecond(), s.slowestFork(), s.fastestFork(), number(s.p50Micros()),
                number(s.p99Micros()), number(s.p999Micros()), s.allocatedBytesPerMessage(), s.cpuSecondsPerMillion(),
                s.gcMillis(), Double.isNaN(s.noise()) ? "-" : String.format(Locale.ROOT, "%.3f%s", s.noise(),
                        s.noisyRounds() > 0 ? " (" + s.noisyRounds() + "!)" : ""), s.threads(), s.extras().trim());
    }

    private static String join(List<Integer> values) {
        return String.join(",", values.stream().map(String::valueOf).toList());
    }

    static String number(double value) {
        if (Double.isNaN(value)) {
            return "-";
        }
        return Math.abs(value) >= 1000 ? String.format(Locale.ROOT, "%,.0f", value) : String.format(Locale.ROOT, "%.2f", value);
    }

    static String ratio(double value) {
        return Double.isNaN(value) || Double.isInfinite(value) ? "-" : String.format(Locale.ROOT, "%.2fx", value);
    }
}
