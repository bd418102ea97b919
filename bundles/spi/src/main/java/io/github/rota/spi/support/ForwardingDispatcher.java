package io.github.rota.spi.support;

import io.github.rota.api.DispatcherCounter;
import io.github.rota.api.DispatcherStats;
import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.ExpeditingDispatcher;
import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.dispatch.TurnObserver;
import java.util.List;
import java.util.Objects;
import java.util.function.LongConsumer;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * A dispatcher that forwards every call to another: the base of a decorator, which overrides what
 * it adds to and inherits the rest. Every method of {@link Dispatcher} is forwarded here, default
 * methods included, so a method added to the interface later is forwarded once, here, and never
 * silently dropped by a decorator that did not know of it.
 *
 * <p>A decorator watches turns with {@link #observeTurns} on its delegate, not by wrapping the
 * schedulables it is given: the delegate must see the same schedulable for the same actor.
 */
@ConsumerType
public abstract class ForwardingDispatcher implements ExpeditingDispatcher {

    private final Dispatcher delegate;

    /**
     * Wraps a dispatcher.
     *
     * @param delegate the dispatcher every call goes to
     */
    protected ForwardingDispatcher(Dispatcher delegate) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
    }

    /** {@return the wrapped dispatcher} */
    protected final Dispatcher delegate() {
        return delegate;
    }

    @Override
    public String id() {
        return delegate.id();
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
        delegate.schedule(schedulable);
    }

    /** Passes the hint on where the delegate takes it. */
    @Override
    public void expedite(Schedulable schedulable) {
        if (delegate instanceof ExpeditingDispatcher expediting) {
            expediting.expedite(schedulable);
        }
    }

    @Override
    public List<Schedulable> stop() {
        return delegate.stop();
    }

    @Override
    public void signalStop() {
        delegate.signalStop();
    }

    @Override
    public DispatcherStats stats() {
        return delegate.stats();
    }

    @Override
    public long counter(DispatcherCounter counter) {
        return delegate.counter(counter);
    }

    @Override
    public void addTurnSampleListener(LongConsumer listener) {
        delegate.addTurnSampleListener(listener);
    }

    @Override
    public void removeTurnSampleListener(LongConsumer listener) {
        delegate.removeTurnSampleListener(listener);
    }

    @Override
    public void observeTurns(TurnObserver observer) {
        delegate.observeTurns(observer);
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
        return getClass().getSimpleName() + "[" + delegate + "]";
    }
}
