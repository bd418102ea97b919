package io.github.rota.dispatcher.workstealing;

import io.github.rota.api.DispatcherError;
import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.support.TurnObservers;
import java.util.Arrays;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How every worker of one pool runs a turn: with the pool's turn observers, a fault that escapes
 * the schedulable kept from the worker (logged and published as a {@link DispatcherError}), and
 * the interrupt flag a turn leaves behind cleared, because it belongs to the thread and the next
 * turn must not start interrupted. Where sampled turn lengths go is kept here too.
 *
 * <p>Threads: the turn sample listeners are copy-on-write: added and removed under this object's
 * monitor, which then publishes {@code sampler} (volatile): {@code null} with none, the listener
 * itself with one, else a fan-out over an immutable array. A worker reads it once per sampled
 * turn, so an unsampled turn costs the same however many listen.
 */
final class TurnRunner {

    private static final Logger LOG = LoggerFactory.getLogger(TurnRunner.class);

    private final String dispatcherId;
    private final Consumer<Object> events;
    private final TurnObservers observers;
    private volatile LongConsumer sampler;
    /** The listeners, in the order added; guarded by this. */
    private LongConsumer[] listeners = {};

    /**
     * @param dispatcherId the pool's id, for reports
     * @param observers the pool's turn observers
     * @param events where faults are published
     */
    TurnRunner(String dispatcherId, TurnObservers observers, Consumer<Object> events) {
        this.dispatcherId = dispatcherId;
        this.observers = observers;
        this.events = events;
    }

    /**
     * Runs one turn of {@code s} on the calling thread; the caller has given {@code turn} the
     * pool's current budget.
     *
     * @return whether {@code s} has more work (its budget ran out)
     */
    boolean run(Schedulable s, TurnObservers.CountingTurn turn) {
        try {
            return observers.runTurn(s, turn);
        } catch (Throwable fault) {
            // The runtime guards user code; reaching here is a bug in a schedulable. Keep the worker.
            LOG.error("turn of {} failed on {}", s, Thread.currentThread().getName(), fault);
            publish(new DispatcherError(dispatcherId, fault, null));
            return false;
        } finally {
            Thread.interrupted();
        }
    }

    /** @return where the turn that begins at {@code epoch} reports its length; {@code null}: not timed */
    LongConsumer samplerFor(long epoch) {
        // One turn in TURN_SAMPLE_INTERVAL is timed, and only when someone listens: no clock read otherwise.
        return (epoch & (2L * Dispatcher.TURN_SAMPLE_INTERVAL - 1)) == 0 ? sampler : null;
    }

    synchronized void addTurnSampleListener(LongConsumer listener) {
        Objects.requireNonNull(listener, "listener");
        if (!Arrays.asList(listeners).contains(listener)) {
            useListeners(Stream.concat(Arrays.stream(listeners), Stream.of(listener)).toArray(LongConsumer[]::new));
        }
    }

    synchronized void removeTurnSampleListener(LongConsumer listener) {
        useListeners(Arrays.stream(listeners).filter(l -> !l.equals(listener)).toArray(LongConsumer[]::new));
    }

    private void useListeners(LongConsumer[] now) {
        listeners = now;
        sampler = switch (now.length) {
            case 0 -> null;
            case 1 -> now[0];
            default -> nanos -> {
                for (LongConsumer listener : now) {
                    listener.accept(nanos);
                }
            };
        };
    }

    /** A fault or report for the system's event stream. */
    void publish(Object event) {
        events.accept(event);
    }
}
