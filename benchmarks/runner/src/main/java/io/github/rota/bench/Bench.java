package io.github.rota.bench;

import io.github.rota.bench.spi.ContenderFactory;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * The workload runner: {@code bench <workload|budget-sweep|all> [options]}. Each workload runs on
 * each runtime in a JVM of its own; the runner prints a progress line per round, a table row and a
 * RESULT line per pair, and with {@code all} Rota's advantage over Pekko against the targets, and
 * writes {@code report.md} and the charts to the output directory.
 *
 * <p>Options: {@code --runtimes a,b} (default: every runtime on the class path),
 * {@code --warmup N} (1), {@code --rounds N} (5, at least 5), {@code --scale X} (1.0; smaller for
 * a quick look), {@code --budgets 1,8,...}, {@code --out DIR} ({@code bench-results}).
 */
public final class Bench {

    static final int CHILD_HEAP_MIB = 4096;
    private static final int MIN_ROUNDS = 5;
    private static final String USAGE = "usage: bench <workload|budget-sweep|all> [--runtimes a,b] [--warmup N]"
            + " [--rounds N] [--scale X] [--budgets 1,8,32] [--out DIR]";

    private final Options options;
    private final PrintStream out;
    private final Map<String, Map<String, Summary>> results = new LinkedHashMap<>();
    private final List<Summary> sweep = new ArrayList<>();
    private final List<String> failures = new ArrayList<>();

    /**
     * What to run.
     *
     * @param target a workload, {@code budget-sweep} or {@code all}
     * @param runtimes the runtimes to compare
     * @param warmup warm-up rounds
     * @param rounds measured rounds
     * @param scale 1.0 for the documented sizes
     * @param budgets the budgets the sweep runs
     * @param outDir where the report and charts go
     */
    record Options(String target, List<String> runtimes, int warmup, int rounds, double scale, List<Integer> budgets,
                   Path outDir) {

        static Options parse(String... args) {
            if (args.length == 0 || args[0].startsWith("--")) {
                throw new IllegalArgumentException(USAGE);
            }
            String target = args[0];
            if (!target.equals("all") && !target.equals(Workloads.BUDGET_SWEEP)) {
                Workloads.create(target); // fails with the known names
            }
            List<String> runtimes = installedRuntimes();
            int warmup = 1;
            int rounds = MIN_ROUNDS;
            double scale = 1.0;
            List<Integer> budgets = List.of(1, 8, 32, 64, 128, 256);
            Path outDir = Path.of("bench-results");
            for (int i = 1; i < args.length; i += 2) {
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException(args[i] + " needs a value; " + USAGE);
                }
                String value = args[i + 1];
                switch (args[i]) {
                    case "--runtimes" -> runtimes = List.of(value.split(","));
                    case "--warmup" -> warmup = positive(args[i], value, 0);
                    case "--rounds" -> rounds = positive(args[i], value, MIN_ROUNDS);
                    case "--scale" -> scale = scale(value);
                    case "--budgets" -> budgets = java.util.Arrays.stream(value.split(","))
                            .map(b -> io.github.rota.spi.dispatch.Dispatcher.checkThroughputBudget(positive("--budgets", b, 1)))
                            .toList();
                    case "--out" -> outDir = Path.of(value);
                    default -> throw new IllegalArgumentException("unknown option " + args[i] + "; " + USAGE);
                }
            }
            return new Options(target, runtimes, warmup, rounds, scale, budgets, outDir);
        }

        private static int positive(String option, String value, int min) {
            try {
                int n = Integer.parseInt(value.trim());
                if (n >= min) {
                    return n;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new IllegalArgumentException(option + " must be an integer >= " + min + ", was '" + value + "'");
        }

        private static double scale(String value) {
            try {
                double scale = Double.parseDouble(value);
                if (scale > 0 && scale <= 10) {
                    return scale;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new IllegalArgumentException("--scale must be a number in (0, 10], was '" + value + "'");
        }
    }

    Bench(Options options, PrintStream out) {
        this.options = options;
        this.out = out;
    }

    /**
     * @param args see the class comment
     * @throws Exception if the report cannot be written
     */
    public static void main(String[] args) throws Exception {
        Options options;
        try {
            options = Options.parse(args);
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
        out.println("runtimes: " + options.runtimes());
        List<String> workloads = options.target().equals("all") ? Workloads.NAMES
                : options.target().equals(Workloads.BUDGET_SWEEP) ? List.of() : List.of(options.target());
        for (String workload : workloads) {
            out.println();
            out.println(Summary.tableHeader());
            for (String runtime : runtimesFor(workload)) {
                measure(workload, runtime, 0).ifPresent(s -> results.computeIfAbsent(workload, w -> new LinkedHashMap<>()).put(runtime, s));
            }
        }
        if (options.target().equals("all") || options.target().equals(Workloads.BUDGET_SWEEP)) {
            out.println();
            out.println("budget sweep on rota-ws");
            out.println(Summary.tableHeader());
            for (String workload : Workloads.SWEPT) {
                for (int budget : options.budgets()) {
                    measure(workload, Comparison.ROTA, budget).ifPresent(sweep::add);
                }
            }
        }
        if (options.target().equals("all") || options.target().equals(Workloads.BUDGET_SWEEP)) {
            writeReport();
        }
        if (!failures.isEmpty()) {
            out.println("FAILED: " + failures);
        }
        return failures.size();
    }

    private List<String> runtimesFor(String workload) {
        List<String> runtimes = new ArrayList<>();
        for (String runtime : options.runtimes()) {
            boolean pingpongOnly = JdkLimit.isLimit(runtime) || runtime.equals("rota-ws-pooled");
            if (!pingpongOnly || workload.equals("pingpong-1")) {
                runtimes.add(runtime);
            }
        }
        return runtimes;
    }

    private java.util.Optional<Summary> measure(String workload, String runtime, int budget)
            throws IOException, InterruptedException {
        boolean fresh = Workloads.create(workload).freshContenderPerRound();
        // A fresh runtime per round costs seconds; the median of five rounds absorbs a cold first one.
        int warmup = fresh ? 0 : options.warmup();
        List<String> command = childCommand(List.of(workload, runtime, Integer.toString(budget), Integer.toString(warmup),
                Integer.toString(options.rounds()), Double.toString(options.scale())));
        Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
        List<Round> rounds = new ArrayList<>();
        StringBuilder noise = new StringBuilder();
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (line.startsWith("ROUND ")) {
                    Round round = Round.parse(line);
                    if (round.measured()) {
                        rounds.add(round);
                    }
                } else if (line.startsWith("PROGRESS ")) {
                    out.println("  .. " + line.substring("PROGRESS ".length()));
                } else {
                    noise.append("     ").append(line).append('\n');
                }
            }
        }
        int exit = child.waitFor();
        if (exit != 0 || rounds.size() != options.rounds()) {
            failures.add(workload + "/" + runtime + (budget > 0 ? "/budget=" + budget : ""));
            out.println("  !! " + workload + " on " + runtime + " failed (exit " + exit + "):\n" + noise);
            return java.util.Optional.empty();
        }
        Summary summary = new Summary(workload, runtime, budget, rounds);
        out.println(summary.tableRow());
        out.println(summary.resultLine());
        return java.util.Optional.of(summary);
    }

    /** The same JVM, class or module path (or runtime image) as this one, with a fixed heap for every runtime. */
    private static List<String> childCommand(List<String> args) {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.add("-Xms" + CHILD_HEAP_MIB + "m");
        command.add("-Xmx" + CHILD_HEAP_MIB + "m");
        command.add("-Dorg.slf4j.simpleLogger.defaultLogLevel=warn");
        if (Runtime.version().feature() >= 23) {
            command.add("--sun-misc-unsafe-memory-access=allow"); // JCTools and Pekko still use Unsafe
        }
        String modulePath = System.getProperty("jdk.module.path");
        if (Bench.class.getModule().isNamed()) {
            if (modulePath != null) {
                command.addAll(List.of("--module-path", modulePath, "--add-modules", "ALL-MODULE-PATH"));
            } // else linked into a runtime image, like this one
            command.addAll(List.of("-m", "io.github.rota.bench/" + WorkloadMain.class.getName()));
        } else {
            command.addAll(List.of("-cp", System.getProperty("java.class.path"), WorkloadMain.class.getName()));
        }
        command.addAll(args);
        return command;
    }

    private void writeReport() throws IOException {
        List<Comparison> comparisons = Comparison.of(results);
        out.println();
        out.println("Rota (work-stealing) against Pekko: advantage (higher is better), target, met");
        for (Comparison c : comparisons) {
            out.println(String.format(java.util.Locale.ROOT, "  %-16s %-36s %8s vs better Pekko, %8s vs default   target %-22s %s",
                    c.workload(), c.figure(), ratio(c.advantageBest()), ratio(c.advantageDefault()), c.target(),
                    c.met().map(met -> met ? "met" : "NOT MET").orElse("n/a")));
        }
        Files.createDirectories(options.outDir());
        boolean charts;
        try {
            Charts.ratios(options.outDir().resolve("ratios.png"), comparisons);
            Charts.budgetSweep(options.outDir().resolve("budget-sweep.png"), sweep);
            charts = true;
        } catch (NoClassDefFoundError e) {
            out.println("charts skipped: XChart is not on the path (" + e.getMessage() + ")");
            charts = false;
        }
        Path report = options.outDir().resolve("report.md");
        Report.write(report, "bench " + options.target() + " --scale " + options.scale(), results, sweep, comparisons, charts);
        out.println("report: " + report.toAbsolutePath() + (charts ? " (with ratios.png and budget-sweep.png)" : ""));
    }

    private static String ratio(double value) {
        return Double.isNaN(value) || Double.isInfinite(value) ? "-" : String.format(java.util.Locale.ROOT, "%.2fx", value);
    }

    private static List<String> installedRuntimes() {
        List<String> runtimes = new ArrayList<>();
        for (ContenderFactory factory : ServiceLoader.load(ContenderFactory.class)) {
            runtimes.addAll(factory.names());
        }
        runtimes.add(JdkLimit.MPSC);
        runtimes.add(JdkLimit.SPSC);
        return runtimes;
    }
}
