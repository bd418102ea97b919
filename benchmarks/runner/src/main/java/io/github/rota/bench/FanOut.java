package io.github.rota.bench;

import io.github.rota.bench.spi.Contender;
import io.github.rota.bench.spi.Ref;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * {@code fanout}: one producer actor sends round-robin to {@value #WORKERS} workers, each of which
 * acks to one collector. Every {@value #SAMPLE_EVERY}th message carries its send time, and the
 * collector records how long it took to come back. The collector, which every worker sends to, is a
 * flooded actor ({@link io.github.rota.bench.spi.Contender#spawnFlooded}); a worker hears from the
 * producer alone.
 */
final class FanOut implements Workload {

    static final int WORKERS = 1_000;
    private static final int SAMPLE_EVERY = 100;
    private static final Object WORK = "work";
    private static final Object GO = "go";

    private final int baseMessages;
    private int messages;
    private Ref<Object> producer;
    private final Histogram collected = Histograms.create();
    private volatile CountDownLatch done;

    FanOut(int messages) {
        this.baseMessages = messages;
    }

    @Override
    public String name() {
        return "fanout";
    }

    @Override
    public void setUp(Contender contender, double scale) {
        messages = Math.max(WORKERS, (int) (baseMessages * scale));
        Ref<Object> collector = contender.spawnFlooded("collector", new io.github.rota.bench.spi.Behavior<Object>() {
            private int count;

            @Override
            public void receive(io.github.rota.bench.spi.Context<Object> context, Object message) {
                if (message instanceof Long sentAt) {
                    collected.recordValue(System.nanoTime() - sentAt);
                }
                if (++count == messages) {
                    count = 0;
                    done.countDown();
                }
            }
        });
        List<Ref<Object>> workers = new ArrayList<>();
        for (int i = 0; i < WORKERS; i++) {
            workers.add(contender.spawn("worker-" + i, (context, message) -> collector.tell(message)));
        }
        producer = contender.spawn("producer", (context, message) -> {
            for (int i = 0; i < messages; i++) {
                workers.get(i % WORKERS).tell(i % SAMPLE_EVERY == 0 ? Long.valueOf(System.nanoTime()) : WORK);
            }
        });
    }

    @Override
    public Outcome round(Window window, Histogram latencies) throws InterruptedException {
        CountDownLatch latch = new CountDownLatch(1);
        done = latch;
        collected.reset();
        window.open();
        producer.tell(GO);
        if (!latch.await(5, TimeUnit.MINUTES)) {
            throw new IllegalStateException("fanout did not finish");
        }
        window.close();
        latencies.add(collected);
        return Outcome.of(2L * messages);
    }
}
