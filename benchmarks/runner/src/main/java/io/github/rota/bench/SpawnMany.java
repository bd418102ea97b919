package io.github.rota.bench;

import io.github.rota.bench.spi.Behavior;
import io.github.rota.bench.spi.Contender;
import io.github.rota.bench.spi.Ref;
import java.lang.management.ManagementFactory;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * {@code spawn-many} and {@code spawn-many-inside}: {@value #ACTORS} actors on a fresh runtime, each
 * told one message. {@code spawn-many} spawns them from a plain thread, as top-level actors;
 * {@code spawn-many-inside} has one parent actor spawn them all as its children in one turn (Pekko's
 * fast path: no round trip through a guardian). The window closes once every actor has handled its
 * message, so each surely exists and has started. Reported: actors started per second, the heap each
 * keeps (used heap after a full collection, before and after, outside the window), and the runtime's
 * live threads (which the runner reports for every workload).
 */
final class SpawnMany implements Workload {

    static final int ACTORS = 1_000_000;
    private static final Object PING = "ping";

    private final boolean fromInside;
    private Contender contender;
    private int actors;

    SpawnMany(boolean fromInside) {
        this.fromInside = fromInside;
    }

    @Override
    public String name() {
        return fromInside ? "spawn-many-inside" : "spawn-many";
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
    public Outcome round(Window window, Histogram latencies) throws InterruptedException {
        CountDownLatch started = new CountDownLatch(actors);
        Behavior<Object> idle = (context, message) -> started.countDown();
        Ref<Object> parent = fromInside ? contender.spawn("parent", (context, message) -> {
            for (int i = 0; i < actors; i++) {
                context.spawn("a" + i, idle).tell(PING);
            }
        }) : null;
        long before = usedHeapAfterGc();
        window.open();
        if (fromInside) {
            parent.tell(PING);
        } else {
            for (int i = 0; i < actors; i++) {
                contender.spawn("a" + i, idle).tell(PING);
            }
        }
        if (!started.await(5, TimeUnit.MINUTES)) {
            throw new IllegalStateException(name() + ": only " + (actors - started.getCount()) + " actors started");
        }
        window.close();
        long bytesPerActor = (usedHeapAfterGc() - before) / actors;
        return new Outcome(actors, "bytes_per_actor=" + bytesPerActor);
    }

    /** One full collection: with G1, {@code System.gc()} is a full, compacting one. */
    private static long usedHeapAfterGc() {
        ManagementFactory.getMemoryMXBean().gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
