package io.github.rota.bench;

import io.github.rota.bench.spi.Behavior;
import io.github.rota.bench.spi.Contender;
import io.github.rota.bench.spi.Context;
import io.github.rota.bench.spi.Ref;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * {@code hot-actor}: {@value #SENDERS} plain threads send to one actor at once. Besides the rate, it
 * reports how evenly the senders progressed: when the actor has handled half of all messages, the
 * fewest handled from one sender divided by the most (1.0 = perfectly even). The sender threads live
 * as long as the workload, so no round starts or ends a thread inside its window. The actor is a
 * flooded one ({@link io.github.rota.bench.spi.Contender#spawnFlooded}).
 */
final class HotActor implements Workload {

    static final int SENDERS = 4;

    private final int basePerSender;
    private int perSender;
    private Ref<Integer> hot;
    private volatile CountDownLatch done;
    private volatile double evenness;
    private volatile boolean stopping;
    /** The senders and the runner meet here at the start of every round (and once more to end). */
    private final CyclicBarrier start = new CyclicBarrier(SENDERS + 1);
    private final List<Thread> senders = new ArrayList<>();

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
        hot = contender.spawnFlooded("hot", new Behavior<Integer>() {
            private final int[] fromSender = new int[SENDERS];
            private int total;

            @Override
            public void receive(Context<Integer> context, Integer sender) {
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
                    Arrays.fill(fromSender, 0);
                    done.countDown();
                }
            }
        });
        for (int s = 0; s < SENDERS; s++) {
            Integer id = s; // cached box: no allocation per send
            Thread sender = new Thread(() -> send(id), "hot-sender-" + s);
            sender.setDaemon(true);
            senders.add(sender);
            sender.start();
        }
    }

    private void send(Integer id) {
        try {
            while (true) {
                start.await();
                if (stopping) {
                    return;
                }
                for (int i = 0; i < perSender; i++) {
                    hot.tell(id);
                }
            }
        } catch (InterruptedException | BrokenBarrierException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public Outcome round(Window window, Histogram latencies) throws Exception {
        CountDownLatch latch = new CountDownLatch(1);
        done = latch;
        window.open();
        start.await(1, TimeUnit.MINUTES);
        if (!latch.await(5, TimeUnit.MINUTES)) {
            throw new IllegalStateException("hot-actor did not finish");
        }
        window.close();
        return new Outcome((long) SENDERS * perSender, String.format(Locale.ROOT, "evenness=%.3f", evenness));
    }

    @Override
    public void tearDown() {
        stopping = true;
        try {
            start.await(1, TimeUnit.MINUTES);
            for (Thread sender : senders) {
                sender.join(TimeUnit.MINUTES.toMillis(1));
            }
        } catch (Exception e) {
            throw new IllegalStateException("the hot-actor senders did not end", e);
        }
    }
}
