package io.github.rota.bench;

import io.github.rota.bench.spi.Behavior;
import io.github.rota.bench.spi.Context;
import io.github.rota.bench.spi.Contender;
import io.github.rota.bench.spi.Ref;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * {@code skynet}, the classic: a 10-ary tree of actors, {@value #LEVELS} levels below the root
 * (1,000,000 leaves, 1,111,111 actors); each leaf sends its number to its parent, each parent the
 * sum of its children's, and every actor stops once it has reported. The root's sum is checked.
 * Reported in seconds (the RESULT line's {@code seconds}) and messages per second.
 */
final class Skynet implements Workload {

    static final int LEVELS = 6;
    private static final Object START = "start";

    private Contender contender;
    private int levels;

    @Override
    public String name() {
        return "skynet";
    }

    @Override
    public boolean freshContenderPerRound() {
        return true;
    }

    @Override
    public void setUp(Contender c, double scale) {
        contender = c;
        // Scale by whole levels: 6 levels at 1.0, fewer for quick runs.
        levels = Math.max(2, Math.min(LEVELS, LEVELS + (int) Math.floor(Math.log10(Math.max(scale, 1e-6)))));
    }

    @Override
    public Outcome round(Window window, Histogram latencies) throws Exception {
        CompletableFuture<Long> result = new CompletableFuture<>();
        window.open();
        Ref<Object> root = contender.spawn("skynet", new Node(0, 0, null, result));
        root.tell(START);
        long sum = result.get(5, TimeUnit.MINUTES);
        window.close();
        long leaves = (long) Math.pow(10, levels);
        if (sum != leaves * (leaves - 1) / 2) {
            throw new IllegalStateException("skynet summed " + sum + ", expected " + leaves * (leaves - 1) / 2);
        }
        long actors = (leaves * 10 - 1) / 9; // 1 + 10 + ... + 10^levels
        // Every actor gets a start and sends one reply (the root completes the future instead).
        return new Outcome(2 * actors - 1, "actors=" + actors);
    }

    /** One node: spawns ten children, or as a leaf reports its number; stops once it has reported. */
    private final class Node implements Behavior<Object> {
        private final int level;
        private final long number;
        private final Ref<Object> parent;
        private final CompletableFuture<Long> result;
        private long sum;
        private int replies;

        Node(int level, long number, Ref<Object> parent, CompletableFuture<Long> result) {
            this.level = level;
            this.number = number;
            this.parent = parent;
            this.result = result;
        }

        @Override
        public void receive(Context<Object> context, Object message) {
            if (message == START) {
                if (level == levels) {
                    parent.tell(number);
                    context.stop();
                    return;
                }
                for (int i = 0; i < 10; i++) {
                    context.spawn("n" + i, new Node(level + 1, number * 10 + i, context.self(), null)).tell(START);
                }
                return;
            }
            sum += (Long) message;
            if (++replies == 10) {
                if (parent == null) {
                    result.complete(sum);
                } else {
                    parent.tell(sum);
                }
                context.stop();
            }
        }
    }
}
