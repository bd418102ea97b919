package io.github.rota.bench;

import io.github.rota.bench.spi.Behavior;
import io.github.rota.bench.spi.Contender;
import java.lang.management.ManagementFactory;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * {@code spawn-many}: creates {@value #ACTORS} idle actors on a fresh runtime and reports the
 * creation rate (the clock covers the spawn calls only), the heap each actor keeps (used heap after
 * a full GC, before and after, once every actor has handled one message and so surely exists) and
 * the runtime's live thread count (which the runner reports for every workload).
 */
final class SpawnMany implements Workload {

    static final int ACTORS = 1_000_000;
    private static final Object PING = "ping";

    private Contender contender;
    private int actors;

    @Override
    public String name() {
        return "spawn-many";
    }

    @Override
    public boolean freshContenderPerRound() {
        return true;
    }

    @Override
    public void setUp(Contender c, double scale) {
        contender = c;
        actors = Math.max(1_000, (int) (ACTORS * scale));
    }

    @Override
    public Outcome round(Histogram latencies) throws InterruptedException {
        long before = usedHeapAfterGc();
        CountDownLatch started = new CountDownLatch(actors);
        Behavior<Object> idle = (context, message) -> started.countDown();
        long start = System.nanoTime();
        for (int i = 0; i < actors; i++) {
            contender.spawn("a" + i, idle).tell(PING);
        }
        long spawnNanos = System.nanoTime() - start;
        if (!started.await(5, TimeUnit.MINUTES)) {
            throw new IllegalStateException("spawn-many: only " + (actors - started.getCount()) + " actors started");
        }
        long bytesPerActor = (usedHeapAfterGc() - before) / actors;
        return new Outcome(actors, spawnNanos, "bytes_per_actor=" + bytesPerActor);
    }

    /** One full collection: with G1, {@code System.gc()} is a full, compacting one. */
    private static long usedHeapAfterGc() {
        ManagementFactory.getMemoryMXBean().gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
