package io.github.rota.bench;

import io.github.rota.bench.spi.ContenderFactory;
import io.github.rota.spi.dispatch.Dispatcher;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.ServiceLoader;
import java.util.TreeSet;

/**
 * What {@code bench} runs, from its command line. The defaults are the runner's method: three JVMs per
 * workload and runtime, each workload's own warm-up rounds, five measured rounds, the documented sizes,
 * on 1, 2 and all cores; a run that departs from it is not comparable, and its report says so.
 *
 * @param target a workload, {@code budget-sweep} or {@code all}
 * @param runtimes the runtimes to compare
 * @param forks JVMs per workload and runtime, interleaved
 * @param warmup warm-up rounds; -1: each workload's own ({@link Workload#warmupRounds()})
 * @param rounds measured rounds per JVM
 * @param cores the core counts to run at, ascending
 * @param scale 1.0 for the documented sizes
 * @param noiseThreshold the share of the CPUs other processes may take before a round is run again
 * @param budgets the budgets the sweep runs
 * @param outDir where the report and charts go
 * @param flightRecording Flight Recorder settings, each the JDK's name ({@code default}, {@code profile})
 *                        or a {@code .jfc} file; empty: no recording. Otherwise each runtime also runs as
 *                        {@code <runtime>+jfr}, its JVMs recording with these settings, interleaved with the
 *                        plain ones, so the recording's cost is measured in the same run
 */
record BenchOptions(String target, List<String> runtimes, int forks, int warmup, int rounds, List<Integer> cores,
                    double scale, double noiseThreshold, List<Integer> budgets, Path outDir, List<String> flightRecording) {

    /** The suffix of a runtime run with the Flight Recorder recording. */
    static final String RECORDING = "+jfr";

    static final int MIN_FORKS = 3;
    static final int MIN_ROUNDS = 5;
    static final String USAGE = "usage: bench <workload|budget-sweep|all> [--runtimes a,b] [--forks N] [--warmup N]"
            + " [--rounds N] [--cores 1,2,all] [--scale X] [--noise X] [--budgets 1,8,32] [--out DIR] [--jfr default,FILE.jfc]";

    static BenchOptions parse(String... args) {
        if (args.length == 0 || args[0].startsWith("--")) {
            throw new IllegalArgumentException(USAGE);
        }
        String target = args[0];
        if (!target.equals("all") && !target.equals(Workloads.BUDGET_SWEEP)) {
            Workloads.create(target); // fails with the known names
        }
        List<String> runtimes = installedRuntimes();
        int forks = MIN_FORKS;
        int warmup = -1;
        int rounds = MIN_ROUNDS;
        List<Integer> cores = cores("1,2,all");
        double scale = 1.0;
        double noise = 0.10;
        List<Integer> budgets = List.of(1, 8, 32, 64, 128, 256);
        Path outDir = Path.of("bench-results");
        List<String> flightRecording = List.of();
        for (int i = 1; i < args.length; i += 2) {
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(args[i] + " needs a value; " + USAGE);
            }
            String value = args[i + 1];
            switch (args[i]) {
                case "--runtimes" -> runtimes = List.of(value.split(","));
                case "--forks" -> forks = integer(args[i], value, 1);
                case "--warmup" -> warmup = integer(args[i], value, 0);
                case "--rounds" -> rounds = integer(args[i], value, 1);
                case "--cores" -> cores = cores(value);
                case "--scale" -> scale = number("--scale", value, 0, 10);
                case "--noise" -> noise = number("--noise", value, 0, 1);
                case "--budgets" -> budgets = Arrays.stream(value.split(","))
                        .map(b -> Dispatcher.checkThroughputBudget(integer("--budgets", b, 1)))
                        .toList();
                case "--out" -> outDir = Path.of(value);
                case "--jfr" -> flightRecording = Arrays.stream(value.split(",")).map(BenchOptions::jfrSettings).toList();
                default -> throw new IllegalArgumentException("unknown option " + args[i] + "; " + USAGE);
            }
        }
        return new BenchOptions(target, runtimes, forks, warmup, rounds, cores, scale, noise, budgets, outDir,
                flightRecording);
    }

    /** @return the runtimes to run: each, and with {@code --jfr} right after it the same recording */
    List<String> runtimesToRun() {
        List<String> all = new ArrayList<>();
        for (String runtime : runtimes) {
            all.add(runtime);
            if (!flightRecording.isEmpty()) {
                all.add(runtime + RECORDING);
            }
        }
        return all;
    }

    /** A JDK settings name as it is; a file (a name with a '/' or ending in .jfc) checked and made absolute. */
    private static String jfrSettings(String value) {
        if (!value.contains("/") && !value.endsWith(".jfc")) {
            return value;
        }
        Path path = Path.of(value).toAbsolutePath();
        if (!Files.isReadable(path)) {
            throw new IllegalArgumentException("--jfr: cannot read '" + value + "'");
        }
        return path.toString();
    }

    /** @return why this run's figures cannot be compared with another run's; empty if they can */
    List<String> notComparableBecause() {
        List<String> reasons = new ArrayList<>();
        if (scale != 1.0) {
            reasons.add("--scale " + scale + " (sizes differ from the documented ones)");
        }
        if (forks < MIN_FORKS) {
            reasons.add("--forks " + forks + " (fewer than " + MIN_FORKS + " JVMs per pair)");
        }
        if (warmup >= 0) {
            reasons.add("--warmup " + warmup + " (not each workload's own warm-up)");
        }
        if (rounds < MIN_ROUNDS) {
            reasons.add("--rounds " + rounds + " (fewer than " + MIN_ROUNDS + ")");
        }
        return reasons;
    }

    boolean comparable() {
        return notComparableBecause().isEmpty();
    }

    /** @return the most cores this run uses: where the targets are judged */
    int allCores() {
        return cores.get(cores.size() - 1);
    }

    /** Parses {@code 1,2,all}: counts up to the CPUs this process may use; duplicates fold. */
    static List<Integer> cores(String value) {
        int available = Runtime.getRuntime().availableProcessors();
        TreeSet<Integer> cores = new TreeSet<>();
        for (String part : value.split(",")) {
            int n = part.trim().equals("all") ? available : integer("--cores", part, 1);
            if (n > available) {
                throw new IllegalArgumentException("--cores " + n + ": this machine lets the runner use " + available);
            }
            cores.add(n);
        }
        return List.copyOf(cores);
    }

    private static int integer(String option, String value, int min) {
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

    private static double number(String option, String value, double above, double atMost) {
        try {
            double n = Double.parseDouble(value);
            if (n > above && n <= atMost) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(String.format(Locale.ROOT, "%s must be a number in (%s, %s], was '%s'", option,
                above == Math.rint(above) ? String.valueOf((long) above) : String.valueOf(above),
                atMost == Math.rint(atMost) ? String.valueOf((long) atMost) : String.valueOf(atMost), value));
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
