package io.github.rota.bench;

import io.github.rota.bench.spi.Contender;
import io.github.rota.bench.spi.Ref;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * {@code threadring}: {@value #RING} actors pass one token around; every hop wakes a different
 * actor. The token is one mutable object (only its holder touches it), so hops allocate nothing.
 */
final class ThreadRing implements Workload {

    static final int RING = 503;

    /** The token: hops left in this round. */
    private static final class Token {
        int remaining;
    }

    private final int baseHops;
    private int hops;
    private final Token token = new Token();
    @SuppressWarnings("unchecked")
    private final Ref<Token>[] ring = (Ref<Token>[]) new Ref<?>[RING];
    private volatile CountDownLatch done;

    ThreadRing(int hops) {
        this.baseHops = hops;
    }

    @Override
    public String name() {
        return "threadring";
    }

    @Override
    public void setUp(Contender contender, double scale) {
        hops = Math.max(RING, (int) (baseHops * scale));
        for (int i = 0; i < RING; i++) {
            int next = (i + 1) % RING;
            ring[i] = contender.spawn("member-" + i, (context, t) -> {
                if (--t.remaining == 0) {
                    done.countDown();
                } else {
                    ring[next].tell(t);
                }
            });
        }
    }

    @Override
    public Outcome round(Window window, Histogram latencies) throws InterruptedException {
        CountDownLatch latch = new CountDownLatch(1);
        done = latch;
        token.remaining = hops;
        window.open();
        ring[0].tell(token);
        if (!latch.await(5, TimeUnit.MINUTES)) {
            throw new IllegalStateException("threadring did not finish");
        }
        window.close();
        return Outcome.of(hops);
    }
}
