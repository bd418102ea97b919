package io.github.rota.reliability;

import io.github.rota.api.Actor;
import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.Props;
import io.github.rota.testkit.DeliveryLedger;
import io.github.rota.testkit.DeliveryLedger.Tracked;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The mixed workload for a set time, with exact accounting, sampling the heap after a full GC and
 * the live thread count: steady traffic to 64 actors, a hot actor, and a fan-out from an actor to
 * 100 others, about 25,000 messages a second. Growth is judged by comparing the last third of the
 * samples with the first third: the heap, less the ledger's own bookkeeping (one bit per message
 * sent, in bit sets that grow by doubling: 11 to 22 MiB an hour at this rate), may not grow by more
 * than a fifth (and 4 MiB); the thread count not at all.
 */
public final class Soak {

    /** Samples needed to compare a first and a last third after the warm-up sample. */
    static final int MIN_SAMPLES = 4;

    /**
     * Checks a soak's length against its sampling interval before anything runs.
     *
     * @throws IllegalArgumentException unless {@code sampleSeconds >= 1} and {@code seconds} leaves
     *         room for {@value #MIN_SAMPLES} samples (one at the start, then one per interval)
     */
    static void checkPlan(long seconds, long sampleSeconds) {
        if (sampleSeconds < 1 || seconds < MIN_SAMPLES * sampleSeconds) {
            throw new IllegalArgumentException("a soak of " + seconds + " s sampled every " + sampleSeconds
                    + " s cannot be judged: it needs SAMPLE_SECONDS >= 1 and SECONDS >= " + MIN_SAMPLES
                    + " x SAMPLE_SECONDS (" + MIN_SAMPLES + " samples)");
        }
    }

    /** One sample. */
    record Sample(long seconds, long heapBytes, int threads, long sent, long ledgerBytes) {

        /** {@return the heap after GC without the ledger's bookkeeping} */
        long rotaBytes() {
            return heapBytes - ledgerBytes();
        }
    }

    private Soak() {
    }

    /**
     * @param seconds how long to run
     * @param sampleSeconds seconds between samples
     * @param out where each sample is printed ({@code SAMPLE t=... heapMiB=... threads=... sent=...})
     */
    public static Outcome run(ActorSystem system, long seconds, long sampleSeconds, PrintStream out) throws Exception {
        DeliveryLedger ledger = DeliveryLedger.attach(system);
        List<ActorRef<Tracked>> steady = Scenarios.receivers(system, "soak", 64, null, ledger, null);
        ActorRef<Tracked> hot = Scenarios.receivers(system, "soak-hot", 1, null, ledger, null).get(0);
        List<ActorRef<Tracked>> workers = Scenarios.receivers(system, "soak-fan", 100, null, ledger, null);
        ActorRef<Integer> fanOut = system.spawn(Props.create(() -> (Actor<Integer>) c -> {
            for (int i = 0; i < c.message(); i++) {
                ActorRef<Tracked> worker = workers.get(i % workers.size());
                worker.tell(ledger.next(1000, worker)); // sender 1000: the fan-out actor, one turn at a time
            }
        }), "soak-fanout");

        List<Sample> samples = new ArrayList<>();
        long start = System.nanoTime();
        long nextSample = start;
        long end = start + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < end) {
            for (int i = 0; i < 2_000; i++) {
                ActorRef<Tracked> receiver = steady.get(i % steady.size());
                receiver.tell(ledger.next(i % 2, receiver));
            }
            for (int i = 0; i < 500; i++) {
                hot.tell(ledger.next(2, hot));
            }
            fanOut.tell(100);
            if (System.nanoTime() >= nextSample) {
                Sample sample = sample(start, ledger);
                samples.add(sample);
                out.printf("SAMPLE t=%d heapMiB=%.1f ledgerMiB=%.1f threads=%d sent=%d%n", sample.seconds(),
                        sample.heapBytes() / 1048576.0, sample.ledgerBytes() / 1048576.0, sample.threads(), sample.sent());
                nextSample += TimeUnit.SECONDS.toNanos(sampleSeconds);
            }
            Thread.sleep(100);
        }
        List<String> problems = growth(samples);
        DeliveryLedger.Report report = ledger.settle(Scenarios.SETTLE);
        steady.forEach(system::stop);
        workers.forEach(system::stop);
        system.stop(hot);
        system.stop(fanOut);
        return new Outcome("soak-" + seconds + "s", report, 0, problems);
    }

    private static Sample sample(long start, DeliveryLedger ledger) {
        System.gc();
        long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        int threads = ManagementFactory.getThreadMXBean().getThreadCount();
        return new Sample(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start), heap, threads, ledger.sent(),
                ledger.footprintBytes());
    }

    /** {@return what grew between the first and the last third of the samples (the very first left out)} */
    static List<String> growth(List<Sample> samples) {
        List<String> problems = new ArrayList<>();
        if (samples.size() < MIN_SAMPLES) {
            problems.add("too few samples to judge growth: " + samples.size());
            return problems;
        }
        List<Sample> steady = samples.subList(1, samples.size());
        int third = Math.max(1, steady.size() / 3);
        List<Sample> first = steady.subList(0, third);
        List<Sample> last = steady.subList(steady.size() - third, steady.size());
        long firstHeap = first.stream().mapToLong(Sample::rotaBytes).sorted().toArray()[third / 2];
        long lastHeap = last.stream().mapToLong(Sample::rotaBytes).sorted().toArray()[third / 2];
        if (lastHeap > firstHeap + Math.max(4L << 20, firstHeap / 5)) {
            problems.add("heap after GC (less the ledger) grew from " + (firstHeap >> 10) + " KiB to " + (lastHeap >> 10) + " KiB");
        }
        int firstThreads = first.stream().mapToInt(Sample::threads).max().orElse(0);
        int lastThreads = last.stream().mapToInt(Sample::threads).max().orElse(0);
        if (lastThreads > firstThreads) {
            problems.add("threads grew from " + firstThreads + " to " + lastThreads);
        }
        return problems;
    }
}
