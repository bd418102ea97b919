package io.github.rota.testkit.internal;

import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.DispatcherConfig;
import io.github.rota.spi.dispatch.DispatcherProvider;
import java.util.Set;

/** Kind {@value #KIND}: see {@link CallingThreadDispatcher}. It has no kind-specific properties. */
public final class CallingThreadDispatcherProvider implements DispatcherProvider {

    /** The kind name. */
    public static final String KIND = "calling-thread";

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public Set<String> propertyKeys() {
        return Set.of();
    }

    @Override
    public Dispatcher create(DispatcherConfig config) {
        return new CallingThreadDispatcher(config.id(), config.throughputBudget(), config.events());
    }
}
