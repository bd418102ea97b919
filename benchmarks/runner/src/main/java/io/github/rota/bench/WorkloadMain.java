package io.github.rota.bench;

import io.github.rota.bench.spi.Contender;
import io.github.rota.bench.spi.ContenderFactory;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;
import org.HdrHistogram.Histogram;

/**
 * Runs one workload on one runtime in this JVM (the runner starts one JVM per pair and fork) and prints
 * a {@code ROUND} line per measured or warm-up round for the runner to parse, and a {@code PROGRESS}
 * line after each.
 *
 * <p>Every round starts after a full collection, outside its window. A measured round whose noise
 * (other processes' share of this JVM's CPUs, beyond the kernel's one-tick error) is above the
 * threshold is run again, up to {@value #MAX_RERUNS} times, and flagged {@code noisy} if it stays above.
 *
 * <p>Usage: {@code WorkloadMain <workload> <runtime> <throughput> <warm-up rounds> <rounds> <scale>
 * <noise threshold>}; warm-up rounds -1: the workload's own number.
 */
public final class WorkloadMain {

    static final int MAX_RERUNS = 2;

    private WorkloadMain() {
    }

    /**
     * Exits 0 once the rounds are printed, 1 (after the failure's stack trace) if they fail.
     *
     * @param args see the class comment
     */
    public static void main(String[] args) {
        if (args.length != 7) {
            throw new IllegalArgumentException(
                    "usage: WorkloadMain <workload> <runtime> <throughput> <warmup> <rounds> <scale> <noise threshold>");
        }
        int status = 0;
        try {
            List<Round> rounds = run(args[0], args[1], Integer.parseInt(args[2]), Integer.parseInt(args[3]),
                    Integer.parseInt(args[4]), Double.parseDouble(args[5]), Double.parseDouble(args[6]), System.out);
            for (Round round : rounds) {
                System.out.println(round.line());
            }
        } catch (Exception | Error e) {
            e.printStackTrace(System.out);
            status = 1;
        }
        System.out.flush();
        // Some runtimes leave non-daemon threads behind, also when a round failed: this JVM's work is done.
        System.exit(status);
    }

    /**
     * Runs the rounds and returns them; progress goes to {@code progress}.
     *
     * @param warmup warm-up rounds; -1 for the workload's own number
     */
    static List<Round> run(String workloadName, String runtime, int throughput, int warmup, int rounds, double scale,
                           double noiseThreshold, PrintStream progress) throws Exception {
        Workload workload = Workloads.create(workloadName);
        int warmups = warmup >= 0 ? warmup : workload.warmupRounds();
        RoundMeter meter = new RoundMeter();
        List<Round> results = new ArrayList<>();
        int total = warmups + rounds;
        // A runtime that fails a round often fails to close too: the round's failure is the one to
        // report, with the close's suppressed in it.
        try (Rounds runner = JdkLimit.isLimit(runtime) ? new LimitRounds(workloadName, runtime, scale)
                : new ContenderRounds(workload, factoryFor(runtime), runtime, throughput, scale)) {
            for (int r = 0; r < total; r++) {
                boolean measured = r >= warmups;
                Round round = runner.round(meter, measured);
                for (int rerun = 1; measured && round.noisierThan(noiseThreshold) && rerun <= MAX_RERUNS; rerun++) {
                    progress.println(String.format(Locale.ROOT, "PROGRESS %s %s round %d/%d: noise %.2f is above %.2f,"
                            + " running it again", workloadName, runtime, r + 1, total, round.noise(), noiseThreshold));
                    round = runner.round(meter, true);
                }
                if (measured && round.noisierThan(noiseThreshold)) {
                    round = round.flaggedNoisy();
                }
                results.add(round);
                progress.println(String.format(Locale.ROOT, "PROGRESS %s %s round %d/%d%s: %,.0f msgs/s, %.3f CPU-s/M msgs,"
                                + " noise %.2f%s%s", workloadName, runtime, r + 1, total, measured ? "" : " (warm-up)",
                        round.messagesPerSecond(), round.cpuSecondsPerMillion(), round.noise(), round.noisy() ? " (noisy)" : "",
                        round.extra().isEmpty() ? "" : ", " + round.extra()));
            }
        }
        return results;
    }

    /** How this JVM runs one round of its runtime. */
    private interface Rounds extends AutoCloseable {
        Round round(RoundMeter meter, boolean measured) throws Exception;

        @Override
        void close();
    }

    /** A workload on an actor runtime. */
    private static final class ContenderRounds implements Rounds {
        private final Workload workload;
        private final ContenderFactory factory;
        private final String runtime;
        private final int throughput;
        private final double scale;
        /** The JVM's own threads before any runtime started: the runtime's threads are the live ones beyond. */
        private final int baselineThreads = threadCount();
        private Contender contender;

        ContenderRounds(Workload workload, ContenderFactory factory, String runtime, int throughput, double scale) {
            this.workload = workload;
            this.factory = factory;
            this.runtime = runtime;
            this.throughput = throughput;
            this.scale = scale;
        }

        @Override
        public Round round(RoundMeter meter, boolean measured) throws Exception {
            if (contender == null) {
                contender = factory.create(runtime, throughput);
                workload.setUp(contender, scale);
            }
            System.gc(); // the last round's garbage is not this round's cost
            double crossCore = CrossCoreProbe.roundTripNanos();
            Map<String, Long> countersBefore = contender.schedulerCounters();
            Histogram latencies = Histograms.create();
            Window window = new Window(meter);
            Workload.Outcome outcome = workload.round(window, latencies);
            Map<String, Long> countersAfter = contender.schedulerCounters();
            int threads = threadCount() - baselineThreads;
            if (workload.freshContenderPerRound()) {
                close();
            }
            String extra = join(outcome.extra(), perMessage(countersBefore, countersAfter, outcome.messages()),
                    crossCore(crossCore));
            return new Round(measured, outcome.messages(), window.nanos(), window.cpuNanos(), window.allocatedBytes(),
                    window.gcMillis(), window.noise(), false, Histograms.micros(latencies, 50),
                    Histograms.micros(latencies, 99), Histograms.micros(latencies, 99.9), threads, extra);
        }

        @Override
        public void close() {
            Contender closing = contender;
            if (closing != null) {
                contender = null; // closed once, even if closing fails (a fresh runtime per round closes in round())
                try {
                    workload.tearDown();
                } finally {
                    closing.close();
                }
            }
        }
    }

    /** A plain-JDK limit on {@code pingpong-1}. */
    private static final class LimitRounds implements Rounds {
        private final String limit;
        private final long messages;

        LimitRounds(String workload, String limit, double scale) {
            if (!workload.equals("pingpong-1")) {
                throw new IllegalArgumentException(limit + " is a limit for pingpong-1 only");
            }
            this.limit = limit;
            // Sized for rounds of a few hundred milliseconds: the two limits differ tenfold.
            long base = limit.equals(JdkLimit.MPSC) ? 40_000_000 : 4_000_000;
            this.messages = Math.max(10_000, (long) (base * scale));
        }

        @Override
        public Round round(RoundMeter meter, boolean measured) throws InterruptedException {
            System.gc();
            double crossCore = CrossCoreProbe.roundTripNanos();
            Window window = new Window(meter);
            JdkLimit.run(limit, messages, window);
            int threads = limit.equals(JdkLimit.SPSC) ? 2 : 1;
            return new Round(measured, messages, window.nanos(), window.cpuNanos(), window.allocatedBytes(),
                    window.gcMillis(), window.noise(), false, Double.NaN, Double.NaN, Double.NaN, threads, crossCore(crossCore));
        }

        @Override
        public void close() {
        }
    }

    /** {@return each counter's increase per message, as {@code <name>_per_msg=} figures} */
    static String perMessage(Map<String, Long> before, Map<String, Long> after, long messages) {
        StringBuilder out = new StringBuilder();
        for (Map.Entry<String, Long> counter : after.entrySet()) {
            long increase = counter.getValue() - before.getOrDefault(counter.getKey(), 0L);
            out.append(out.length() == 0 ? "" : " ").append(String.format(Locale.ROOT, "%s_per_msg=%.6f",
                    counter.getKey(), (double) increase / Math.max(1, messages)));
        }
        return out.toString();
    }

    private static String crossCore(double nanos) {
        return String.format(Locale.ROOT, "xcore_rtt_ns=%.0f", nanos);
    }

    private static String join(String... figures) {
        StringBuilder out = new StringBuilder();
        for (String figure : figures) {
            if (!figure.isEmpty()) {
                out.append(out.length() == 0 ? "" : " ").append(figure);
            }
        }
        return out.toString();
    }

    static ContenderFactory factoryFor(String runtime) {
        List<String> known = new ArrayList<>();
        for (ContenderFactory factory : ServiceLoader.load(ContenderFactory.class)) {
            if (factory.names().contains(runtime)) {
                return factory;
            }
            known.addAll(factory.names());
        }
        throw new IllegalArgumentException("unknown runtime '" + runtime + "'; on this class path: " + known
                + ", " + JdkLimit.MPSC + ", " + JdkLimit.SPSC);
    }

    private static int threadCount() {
        return ManagementFactory.getThreadMXBean().getThreadCount();
    }
}
