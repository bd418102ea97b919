package io.github.rota.dispatcher.metering;

import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.api.DispatcherCounter;
import io.github.rota.api.DispatcherStats;
import io.github.rota.spi.support.ForwardingDispatcher;
import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.dispatch.TurnObserver;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts the turns a dispatcher runs, the user messages they handle and the time spent in them,
 * for any dispatcher kind. It observes the wrapped dispatcher's turns ({@link #observeTurns}): the
 * schedulables pass through unchanged, so the wrapped dispatcher sees one schedulable per actor
 * (the pinned kind keys its threads by it) and nothing is allocated per scheduling. It reads the
 * clock twice per turn: a cost to opt into, which is why it is a decorator.
 *
 * <p>Over a kind that counts no {@link DispatcherCounter#MESSAGES} of its own (executor, pinned),
 * the metered messages are its messages too, so every reader of that counter (a system's processed
 * messages among them) sees them; over one that does, its own count stands.
 *
 * <p>Thread-safety: the counters are {@link LongAdder}s, written by every worker; a turn's start
 * time is kept per thread, since a thread runs one turn at a time.
 */
final class MeteringDispatcher extends ForwardingDispatcher {

    private static final DispatcherCounter[] METERED = {
        DispatcherCounter.METERED_TURNS, DispatcherCounter.METERED_MESSAGES, DispatcherCounter.TURN_NANOS};

    private final LongAdder turns = new LongAdder();
    private final LongAdder messages = new LongAdder();
    private final LongAdder turnNanos = new LongAdder();
    private final ThreadLocal<long[]> turnStart = ThreadLocal.withInitial(() -> new long[1]);
    /** The wrapped kind keeps no message count: the metered one stands for it. */
    private final boolean countsItsMessages;

    MeteringDispatcher(Dispatcher delegate) {
        super(delegate);
        this.countsItsMessages = !delegate.stats().counters().containsKey(DispatcherCounter.MESSAGES);
        delegate.observeTurns(new TurnObserver() {
            @Override
            public void turnStarting(Schedulable schedulable) {
                turnStart.get()[0] = System.nanoTime();
            }

            @Override
            public void turnEnded(Schedulable schedulable, int messagesHandled) {
                turnNanos.add(System.nanoTime() - turnStart.get()[0]);
                turns.increment();
                messages.add(messagesHandled);
            }
        });
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

    /** The wrapped dispatcher's statistics plus the metered turns, messages and turn time (and messages, for a kind that keeps none). */
    @Override
    public DispatcherStats stats() {
        DispatcherStats inner = delegate().stats();
        Map<DispatcherCounter, Long> counters = new EnumMap<>(DispatcherCounter.class);
        counters.putAll(inner.counters());
        for (DispatcherCounter counter : METERED) {
            counters.put(counter, counter(counter));
        }
        if (countsItsMessages) {
            counters.put(DispatcherCounter.MESSAGES, messages.sum());
        }
        return new DispatcherStats(inner.workers(), inner.parkedWorkers(), inner.globalQueueDepth(),
                inner.workerQueueDepths(), counters);
    }

    @Override
    public long counter(DispatcherCounter counter) {
        return switch (counter) {
            case METERED_TURNS -> turns.sum();
            case METERED_MESSAGES -> messages.sum();
            case MESSAGES -> countsItsMessages ? messages.sum() : delegate().counter(counter);
            case TURN_NANOS -> turnNanos.sum();
            default -> delegate().counter(counter);
        };
    }

    @Override
    public String toString() {
        return "Metering[" + delegate() + ", turns=" + turns() + ", messages=" + messages() + "]";
    }
}
