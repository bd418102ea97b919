package io.github.rota.dispatcher.metering;

import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.DispatcherConfig;
import io.github.rota.spi.dispatch.DispatcherDecorator;

/** Decorator {@value #NAME}: see {@link MeteringDispatcher}. */
public final class MeteringDecorator implements DispatcherDecorator {

    /** The name the settings use. */
    public static final String NAME = "metering";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Dispatcher decorate(Dispatcher delegate, DispatcherConfig config) {
        return new MeteringDispatcher(delegate);
    }
}
