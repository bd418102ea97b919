package io.github.rota.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The workload runner: {@code bench <workload|budget-sweep|all> [options]} ({@link BenchOptions}).
 *
 * <p>The method, so that a ratio means something on a shared machine: each workload runs on each
 * runtime in JVMs of its own, {@code --forks} of them, interleaved (A B C, A B C, ...) so that the
 * machine's drift falls on every runtime alike; each JVM runs the workload's warm-up rounds, then the
 * measured ones, each after a full collection and timed until its last message has been handled;
 * a round during which other processes took more than {@code --noise} of the CPUs is run again, and
 * flagged if it stays noisy. At each core count of {@code --cores} the JVMs are pinned to that many
 * CPUs ({@code taskset}) and told so ({@code -XX:ActiveProcessorCount}), so every runtime sizes its
 * pools for them.
 *
 * <p>Prints a progress line per round, a table row and a RESULT line per workload, runtime and core
 * count, and with {@code all} Rota's advantage over the best Pekko against the targets; writes
 * {@code report.md} and the charts to the output directory.
 */
public final class Bench {

    private final BenchOptions options;
    private final PrintStream out;
    private final ChildJvm jvm;
    /** By core count, workload, runtime. */
    private final Map<Integer, Map<String, Map<String, Summary>>> results = new TreeMap<>();
    private final List<Summary> sweep = new ArrayList<>();
    private final List<String> failures = new ArrayList<>();

    Bench(BenchOptions options, PrintStream out) {
        this.options = options;
        this.out = out;
        this.jvm = new ChildJvm(options.noiseThreshold());
    }

    /**
     * @param args see {@link BenchOptions}
     * @throws Exception if the report cannot be written
     */
    public static void main(String[] args) throws Exception {
        BenchOptions options;
        try {
            options = BenchOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        int failed = new Bench(options, System.out).run();
        System.exit(failed == 0 ? 0 : 1);
    }

    /** @return the number of workload/runtime pairs that failed */
    int run() throws IOException, InterruptedException {
        out.println("machine: " + Report.machine());
        out.println("runtimes: " + options.runtimesToRun() + "; cores: " + options.cores() + "; forks: " + options.forks()
                + (options.flightRecording().isEmpty() ? "" : "; +jfr: recording with " + options.flightRecording()));
        List<String> notComparable = options.notComparableBecause();
        if (!notComparable.isEmpty()) {
            out.println("NOT COMPARABLE with a run by the runner's method: " + String.join(", ", notComparable));
        }
        boolean all = options.target().equals("all");
        boolean sweeping = all || options.target().equals(Workloads.BUDGET_SWEEP);
        List<String> workloads = all ? Workloads.NAMES : sweeping ? List.of() : List.of(options.target());
        for (String workload : workloads) {
            for (int cores : options.cores()) {
                out.println();
                out.println(workload + " on " + cores + (cores == 1 ? " core" : " cores"));
                out.println(Summary.tableHeader());
                Map<String, Summary> byRuntime = measureInterleaved(workload, runtimesFor(workload), cores, 0);
                results.computeIfAbsent(cores, c -> new LinkedHashMap<>()).put(workload, byRuntime);
            }
        }
        if (sweeping) {
            out.println();
            out.println("budget sweep on " + Comparison.ROTA + ", " + options.allCores() + " cores");
            out.println(Summary.tableHeader());
            for (String workload : Workloads.SWEPT) {
                for (int budget : options.budgets()) {
                    measureInterleaved(workload, List.of(Comparison.ROTA), options.allCores(), budget).values()
                            .forEach(sweep::add);
                }
            }
            writeReport();
        }
        if (!failures.isEmpty()) {
            out.println("FAILED: " + failures);
        }
        return failures.size();
    }

    private List<String> runtimesFor(String workload) {
        List<String> runtimes = new ArrayList<>();
        for (String runtime : options.runtimesToRun()) {
            if (!JdkLimit.isLimit(runtime.replace(BenchOptions.RECORDING, "")) || workload.equals("pingpong-1")) {
                runtimes.add(runtime);
            }
        }
        return runtimes;
    }

    /**
     * Runs {@code forks} JVMs of each runtime, interleaved, and summarises each runtime's rounds. A
     * runtime whose JVM fails is reported and left out of the later forks.
     */
    private Map<String, Summary> measureInterleaved(String workload, List<String> runtimes, int cores, int budget)
            throws IOException, InterruptedException {
        Map<String, List<List<Round>>> forks = new LinkedHashMap<>();
        runtimes.forEach(r -> forks.put(r, new ArrayList<>()));
        for (int fork = 1; fork <= options.forks(); fork++) {
            for (String runtime : runtimes) {
                List<List<Round>> done = forks.get(runtime);
                if (done == null) {
                    continue; // failed in an earlier fork
                }
                String label = workload + "/" + runtime + "/" + cores + (cores == 1 ? " core" : " cores")
                        + (budget > 0 ? "/budget=" + budget : "") + " fork " + fork + "/" + options.forks();
                Optional<List<Round>> rounds = jvm.run(label, workload, runtime, budget, options, cores, out);
                if (rounds.isEmpty()) {
                    failures.add(label);
                    forks.remove(runtime);
                } else {
                    done.add(rounds.get());
                }
            }
        }
        Map<String, Summary> summaries = new LinkedHashMap<>();
        forks.forEach((runtime, rounds) -> {
            Summary summary = new Summary(workload, runtime, cores, budget, rounds, options.comparable());
            out.println(summary.tableRow());
            out.println(summary.resultLine());
            summaries.put(runtime, summary);
        });
        return summaries;
    }

    private void printComparisons(List<Comparison> comparisons) {
        for (Comparison c : comparisons) {
            out.println(String.format(Locale.ROOT, "  %-17s %-30s %9s vs %-16s %9s vs pekko-default   target %-18s %s",
                    c.workload(), c.figure(), Report.ratio(c.advantageBest()), c.pekkoBestName(),
                    Report.ratio(c.advantageDefault()), c.target(),
                    c.met().map(met -> met ? "met" : "NOT MET").orElse("n/a")));
        }
    }

    private void writeReport() throws IOException {
        int cores = options.allCores();
        Map<String, Map<String, Summary>> atAllCores = results.getOrDefault(cores, Map.of());
        List<Comparison> comparisons = Comparison.of(atAllCores, cores);
        out.println();
        out.println("Rota (work-stealing) against the best Pekko on " + cores + " cores: advantage (higher is better), target");
        printComparisons(comparisons);
        // A ratio means something only within one state of the machine: each fork is placed by its own round trips.
        for (String state : CrossCoreProbe.STATES) {
            Map<String, Map<String, Summary>> inState = new LinkedHashMap<>();
            atAllCores.forEach((workload, byRuntime) -> byRuntime.forEach((runtime, summary) -> summary.inState(state)
                    .ifPresent(s -> inState.computeIfAbsent(workload, w -> new LinkedHashMap<>()).put(runtime, s))));
            if (!inState.isEmpty()) {
                out.println();
                out.println("... in the " + state + " state only (forks whose median xcore_rtt_ns is "
                        + CrossCoreProbe.range(state) + "):");
                printComparisons(Comparison.of(inState, cores));
            }
        }
        Files.createDirectories(options.outDir());
        boolean charts;
        try {
            Charts.ratios(options.outDir().resolve("ratios.png"), comparisons, cores);
            Charts.cpu(options.outDir().resolve("cpu.png"), results.getOrDefault(cores, Map.of()), cores);
            Charts.budgetSweep(options.outDir().resolve("budget-sweep.png"), sweep);
            charts = true;
        } catch (NoClassDefFoundError e) {
            out.println("charts skipped: XChart is not on the path (" + e.getMessage() + ")");
            charts = false;
        }
        Path report = options.outDir().resolve("report.md");
        Report.write(report, options, results, sweep, comparisons, charts);
        out.println("report: " + report.toAbsolutePath() + (charts ? " (with ratios.png, cpu.png and budget-sweep.png)" : ""));
    }
}
