package io.github.rota.bench;

import io.github.rota.bench.spi.Contender;
import io.github.rota.bench.spi.ContenderFactory;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import org.HdrHistogram.Histogram;

/**
 * Runs one workload on one runtime in this JVM (the runner starts one JVM per pair) and prints a
 * {@code ROUND} line per round for the runner to parse, and a {@code PROGRESS} line before each.
 *
 * <p>Usage: {@code WorkloadMain <workload> <runtime> <throughput> <warm-up rounds> <rounds> <scale>}.
 */
public final class WorkloadMain {

    private WorkloadMain() {
    }

    /**
     * @param args workload, runtime, throughput (0 = default), warm-up rounds, measured rounds, scale
     * @throws Exception if the workload fails
     */
    public static void main(String[] args) throws Exception {
        if (args.length != 6) {
            throw new IllegalArgumentException("usage: WorkloadMain <workload> <runtime> <throughput> <warmup> <rounds> <scale>");
        }
        String workload = args[0];
        String runtime = args[1];
        int throughput = Integer.parseInt(args[2]);
        int warmup = Integer.parseInt(args[3]);
        int rounds = Integer.parseInt(args[4]);
        double scale = Double.parseDouble(args[5]);
        for (Round round : run(workload, runtime, throughput, warmup, rounds, scale, System.out)) {
            System.out.println(round.line());
        }
        System.out.flush();
        // Some runtimes leave non-daemon threads behind after termination; this JVM's work is done.
        System.exit(0);
    }

    /** Runs the rounds and returns them; progress goes to {@code progress}. */
    static List<Round> run(String workloadName, String runtime, int throughput, int warmup, int rounds, double scale,
                           java.io.PrintStream progress) throws Exception {
        List<Round> results = new ArrayList<>();
        int total = warmup + rounds;
        if (JdkLimit.isLimit(runtime)) {
            if (!workloadName.equals("pingpong-1")) {
                throw new IllegalArgumentException(runtime + " is a limit for pingpong-1 only");
            }
            // Sized for rounds of about 0.1 s: the two limits differ tenfold.
            long base = runtime.equals(JdkLimit.MPSC) ? 10_000_000 : 1_000_000;
            long messages = Math.max(10_000, (long) (base * scale));
            for (int r = 0; r < total; r++) {
                progress.println("PROGRESS " + workloadName + " " + runtime + " round " + (r + 1) + "/" + total);
                long nanos = JdkLimit.run(runtime, messages);
                int threads = runtime.equals(JdkLimit.SPSC) ? 2 : 1;
                results.add(new Round(r >= warmup, messages, nanos, Double.NaN, Double.NaN, Double.NaN, 0, threads, ""));
            }
            return results;
        }
        ContenderFactory factory = factoryFor(runtime);
        Workload workload = Workloads.create(workloadName);
        // Threads are reported as the runtime's own: live threads minus those of the JVM before it started.
        int baseline = threadCount();
        Contender contender = null;
        try {
            for (int r = 0; r < total; r++) {
                progress.println("PROGRESS " + workloadName + " " + runtime + " round " + (r + 1) + "/" + total
                        + (r < warmup ? " (warm-up)" : ""));
                if (contender == null) {
                    contender = factory.create(runtime, throughput);
                    workload.setUp(contender, scale);
                }
                Histogram latencies = Histograms.create();
                long allocatedBefore = allocatedBytes();
                long start = System.nanoTime();
                Workload.Outcome outcome = workload.round(latencies);
                long nanos = System.nanoTime() - start;
                long allocated = allocatedBytes() - allocatedBefore;
                results.add(new Round(r >= warmup, outcome.messages(), outcome.nanos() > 0 ? outcome.nanos() : nanos,
                        Histograms.micros(latencies, 50), Histograms.micros(latencies, 99),
                        Histograms.micros(latencies, 99.9), allocated, threadCount() - baseline, outcome.extra()));
                if (workload.freshContenderPerRound()) {
                    contender.close();
                    contender = null;
                }
            }
        } finally {
            if (contender != null) {
                contender.close();
            }
        }
        return results;
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

    /** Bytes allocated so far by every live thread (threads that have ended are not counted). */
    private static long allocatedBytes() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long sum = 0;
        for (long bytes : threads.getThreadAllocatedBytes(threads.getAllThreadIds())) {
            sum += Math.max(0, bytes);
        }
        return sum;
    }

    private static int threadCount() {
        return ManagementFactory.getThreadMXBean().getThreadCount();
    }
}
