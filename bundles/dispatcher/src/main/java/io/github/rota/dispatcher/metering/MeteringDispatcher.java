package io.github.rota.dispatcher.metering;

import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.DispatcherStats;
import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.dispatch.Turn;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts the turns a dispatcher runs, the user messages they handle and the time spent in them,
 * for any dispatcher kind. Each scheduling wraps the actor in a small {@link MeteredTurn} (one
 * allocation per idle-to-ready transition, not per message) and reads the clock twice per turn:
 * a cost to opt into, which is why it is a decorator.
 *
 * <p>Thread-safety: the counters are {@link LongAdder}s, written by every worker.
 */
final class MeteringDispatcher implements Dispatcher {

    private final Dispatcher delegate;
    private final LongAdder turns = new LongAdder();
    private final LongAdder messages = new LongAdder();
    private final LongAdder turnNanos = new LongAdder();

    MeteringDispatcher(Dispatcher delegate) {
        this.delegate = delegate;
    }

    long turns() {
        return turns.sum();
    }

    long messages() {
        return messages.sum();
    }

    Duration timeInTurns() {
        return Duration.ofNanos(turnNanos.sum());
    }

    @Override
    public String id() {
        return delegate.id();
    }

    /** The wrapped dispatcher's statistics plus {@code meteredTurns}, {@code meteredMessages} and {@code turnNanos}. */
    @Override
    public DispatcherStats stats() {
        DispatcherStats inner = delegate.stats();
        Map<String, Long> counters = new LinkedHashMap<>(inner.counters());
        counters.put("meteredTurns", turns.sum());
        counters.put("meteredMessages", messages.sum());
        counters.put("turnNanos", turnNanos.sum());
        return new DispatcherStats(inner.workers(), inner.parkedWorkers(), inner.globalQueueDepth(),
                inner.workerQueueDepths(), counters);
    }

    @Override
    public String kind() {
        return delegate.kind();
    }

    @Override
    public void start() {
        delegate.start();
    }

    @Override
    public void schedule(Schedulable schedulable) {
        delegate.schedule(schedulable instanceof MeteredTurn ? schedulable : new MeteredTurn(schedulable));
    }

    @Override
    public List<Schedulable> stop() {
        List<Schedulable> unwrapped = new ArrayList<>();
        for (Schedulable s : delegate.stop()) {
            unwrapped.add(s instanceof MeteredTurn ? ((MeteredTurn) s).actor : s);
        }
        return unwrapped;
    }

    @Override
    public void signalStop() {
        delegate.signalStop();
    }

    @Override
    public void beforeBlocking() {
        delegate.beforeBlocking();
    }

    @Override
    public int throughputBudget() {
        return delegate.throughputBudget();
    }

    @Override
    public void setThroughputBudget(int budget) {
        delegate.setThroughputBudget(budget);
    }

    @Override
    public String toString() {
        return "Metering[" + delegate + ", turns=" + turns() + ", messages=" + messages() + "]";
    }

    /** One scheduling of one actor; it stays wrapped across the turns of that scheduling. */
    private final class MeteredTurn implements Schedulable, Turn {
        final Schedulable actor;
        private Turn outer;

        MeteredTurn(Schedulable actor) {
            this.actor = actor;
        }

        @Override
        public boolean runTurn(Turn turn) {
            outer = turn;
            long start = System.nanoTime();
            try {
                return actor.runTurn(this);
            } finally {
                turnNanos.add(System.nanoTime() - start);
                turns.increment();
            }
        }

        @Override
        public int budget() {
            return outer.budget();
        }

        @Override
        public void messagesHandled(int count) {
            messages.add(count);
            outer.messagesHandled(count);
        }
    }
}
