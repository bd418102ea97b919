package io.github.rota.bench;

import io.github.rota.bench.spi.Contender;
import io.github.rota.bench.spi.Ref;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * {@code hot-actor}: {@value #SENDERS} plain threads send to one actor at once. Besides the rate, it
 * reports how evenly the senders progressed: when the actor has handled half of all messages, the
 * fewest handled from one sender divided by the most (1.0 = perfectly even).
 */
final class HotActor implements Workload {

    static final int SENDERS = 4;

    private final int basePerSender;
    private int perSender;
    private Ref<Integer> hot;
    private volatile CountDownLatch done;
    private volatile double evenness;

    HotActor(int messagesPerSender) {
        this.basePerSender = messagesPerSender;
    }

    @Override
    public String name() {
        return "hot-actor";
    }

    @Override
    public void setUp(Contender contender, double scale) {
        perSender = Math.max(1_000, (int) (basePerSender * scale));
        hot = contender.spawn("hot", new io.github.rota.bench.spi.Behavior<Integer>() {
            private final int[] fromSender = new int[SENDERS];
            private int total;

            @Override
            public void receive(io.github.rota.bench.spi.Context<Integer> context, Integer sender) {
                fromSender[sender]++;
                if (++total == SENDERS * perSender / 2) {
                    int min = Integer.MAX_VALUE;
                    int max = 0;
                    for (int count : fromSender) {
                        min = Math.min(min, count);
                        max = Math.max(max, count);
                    }
                    evenness = (double) min / max;
                } else if (total == SENDERS * perSender) {
                    total = 0;
                    java.util.Arrays.fill(fromSender, 0);
                    done.countDown();
                }
            }
        });
    }

    @Override
    public Outcome round(Histogram latencies) throws Exception {
        CountDownLatch latch = new CountDownLatch(1);
        done = latch;
        CyclicBarrier start = new CyclicBarrier(SENDERS);
        List<Thread> senders = new ArrayList<>();
        for (int s = 0; s < SENDERS; s++) {
            Integer id = s; // cached box: no allocation per send
            Thread sender = new Thread(() -> {
                try {
                    start.await();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                for (int i = 0; i < perSender; i++) {
                    hot.tell(id);
                }
            }, "hot-sender-" + s);
            senders.add(sender);
            sender.start();
        }
        if (!latch.await(5, TimeUnit.MINUTES)) {
            throw new IllegalStateException("hot-actor did not finish");
        }
        for (Thread sender : senders) {
            sender.join();
        }
        return new Outcome((long) SENDERS * perSender, 0, String.format("evenness=%.3f", evenness));
    }
}
