package io.github.rota.bench;

import io.github.rota.bench.spi.Contender;
import io.github.rota.bench.spi.Ref;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/** {@code ask-latency}: a plain thread asks one actor, one question outstanding at a time; every ask is timed. */
final class AskLatency implements Workload {

    private static final Object QUESTION = "?";

    private final int baseAsks;
    private int asks;
    private Contender contender;
    private Ref<Object> responder;

    AskLatency(int asks) {
        this.baseAsks = asks;
    }

    @Override
    public String name() {
        return "ask-latency";
    }

    @Override
    public void setUp(Contender c, double scale) {
        contender = c;
        asks = Math.max(100, (int) (baseAsks * scale));
        responder = c.spawn("responder", (context, message) -> context.reply(message));
    }

    @Override
    public Outcome round(Window window, Histogram latencies) throws Exception {
        Duration timeout = Duration.ofSeconds(10);
        window.open();
        for (int i = 0; i < asks; i++) {
            long start = System.nanoTime();
            contender.ask(responder, QUESTION, timeout).toCompletableFuture().get(10, TimeUnit.SECONDS);
            latencies.recordValue(System.nanoTime() - start);
        }
        window.close();
        return Outcome.of(2L * asks);
    }
}
