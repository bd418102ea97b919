package io.github.rota.runtime;

import io.github.rota.api.DispatcherView;
import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.api.DispatcherCounter;
import io.github.rota.api.DispatcherStats;

/**
 * The view of a dispatcher that {@link io.github.rota.api.ActorSystem#dispatcher} hands to
 * application code: reads only. Two views are equal when they show the same dispatcher, so a
 * caller can tell whether a dispatcher was replaced.
 */
final class ReadOnlyDispatcher implements DispatcherView {

    private final Dispatcher dispatcher;

    ReadOnlyDispatcher(Dispatcher dispatcher) {
        this.dispatcher = dispatcher;
    }

    @Override
    public String id() {
        return dispatcher.id();
    }

    @Override
    public String kind() {
        return dispatcher.kind();
    }

    @Override
    public int throughputBudget() {
        return dispatcher.throughputBudget();
    }

    @Override
    public DispatcherStats stats() {
        return dispatcher.stats();
    }

    @Override
    public long counter(DispatcherCounter counter) {
        return dispatcher.counter(counter);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ReadOnlyDispatcher view && view.dispatcher == dispatcher;
    }

    @Override
    public int hashCode() {
        return System.identityHashCode(dispatcher);
    }

    @Override
    public String toString() {
        return dispatcher.toString();
    }
}
