package io.github.rota.bench;

import io.github.rota.bench.spi.Behavior;
import io.github.rota.bench.spi.Contender;
import io.github.rota.bench.spi.Context;
import io.github.rota.bench.spi.Ref;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;

/**
 * {@code flood}: one actor floods another. In one turn a producer actor sends {@value #FLOOD} messages
 * to an idle consumer actor, then asks it for its count (a message with itself as the sender); a flood
 * ends when the reply arrives, and it must say {@value #FLOOD}. A round is {@value #FLOODS_PER_ROUND}
 * floods. Besides the rate it shows whether the consumer starts draining on another thread while the
 * producer is still sending: {@code drain_start_us}, from the producer's first send to the consumer's
 * first message, and {@code overlap}, the share of the flood the consumer had handled when the
 * producer's last send returned (medians of the round's floods). The consumer is a flooded actor
 * ({@link io.github.rota.bench.spi.Contender#spawnFlooded}).
 */
final class Flood implements Workload {

    static final int FLOOD = 1_000_000;
    static final int FLOODS_PER_ROUND = 6;
    private static final Object ITEM = "item";
    private static final Object COUNT = "count?";
    private static final Object GO = "go";

    private int flood;
    private Ref<Object> producer;
    /** The consumer's count, published lazily (a plain store on x86) for the producer's overlap reading. */
    private final AtomicLong handled = new AtomicLong();
    /** When the consumer handled the flood's first message; the reply carries it to the producer. */
    private long firstItemAt;
    private final double[] drainStartMicros = new double[FLOODS_PER_ROUND];
    private final double[] overlaps = new double[FLOODS_PER_ROUND];
    private volatile CountDownLatch done;
    private volatile int current;

    @Override
    public String name() {
        return "flood";
    }

    @Override
    public void setUp(Contender contender, double scale) {
        flood = Math.max(1_000, (int) (FLOOD * scale));
        Ref<Object> consumer = contender.spawnFlooded("consumer", new Behavior<Object>() {
            private int count;

            @Override
            public void receive(Context<Object> context, Object message) {
                if (message == ITEM) {
                    if (count == 0) {
                        firstItemAt = System.nanoTime();
                    }
                    handled.lazySet(++count);
                } else {
                    context.reply(count);
                    count = 0;
                }
            }
        });
        producer = contender.spawn("producer", new Behavior<Object>() {
            private long firstSendAt;
            private Ref<Object> self;

            @Override
            public void receive(Context<Object> context, Object message) {
                if (message == GO) {
                    self = context.self();
                    handled.set(0);
                    firstSendAt = System.nanoTime();
                    for (int i = 0; i < flood; i++) {
                        consumer.tell(ITEM);
                    }
                    overlaps[current] = (double) handled.get() / flood;
                    consumer.tell(COUNT, self);
                    return;
                }
                int count = (Integer) message;
                if (count != flood) {
                    throw new IllegalStateException("flood: the consumer counted " + count + " of " + flood);
                }
                drainStartMicros[current] = (firstItemAt - firstSendAt) / 1e3;
                done.countDown();
            }
        });
    }

    @Override
    public Outcome round(Window window, Histogram latencies) throws InterruptedException {
        window.open();
        for (int f = 0; f < FLOODS_PER_ROUND; f++) {
            CountDownLatch latch = new CountDownLatch(1);
            done = latch;
            current = f;
            producer.tell(GO);
            if (!latch.await(5, TimeUnit.MINUTES)) {
                throw new IllegalStateException("flood did not finish");
            }
        }
        window.close();
        return new Outcome((long) FLOODS_PER_ROUND * (flood + 2), String.format(Locale.ROOT,
                "drain_start_us=%.1f overlap=%.3f", median(drainStartMicros), median(overlaps)));
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
