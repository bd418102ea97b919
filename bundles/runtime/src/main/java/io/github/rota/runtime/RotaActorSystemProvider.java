package io.github.rota.runtime;

import io.github.rota.api.ActorSystem;
import io.github.rota.api.Settings;
import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.DispatcherSpec;
import io.github.rota.spi.pool.EnvelopePool;
import io.github.rota.spi.runtime.ActorSystemProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Creates actor systems on the module path or class path: validates the settings, finds the
 * providers with {@link java.util.ServiceLoader}, creates and starts the dispatchers.
 */
public final class RotaActorSystemProvider implements ActorSystemProvider {

    @Override
    public ActorSystem create(String name, Settings settings) {
        ActorNames.checkSystemName(name);
        Objects.requireNonNull(settings, "settings");
        Providers providers = Providers.load();
        RotaEventStream eventStream = new RotaEventStream();
        RuntimeConfig config = RuntimeConfig.from(name, settings, providers).withEvents(eventStream::publish);

        List<Dispatcher> dispatchers = new ArrayList<>();
        try {
            for (DispatcherSpec spec : config.dispatchers()) {
                dispatchers.add(spec.create());
            }
        } catch (RuntimeException e) {
            dispatchers.forEach(Dispatcher::stop);
            throw e;
        }
        EnvelopePool envelopes = config.poolEnabled() && providers.envelopePool().isPresent()
                ? providers.envelopePool().get().create(config.poolProperties())
                : AllocatingEnvelopePool.INSTANCE;

        RotaActorSystem system = new RotaActorSystem(name, settings, config.defaultDispatcher(), config.defaultMailbox(),
                dispatchers, true, config.mailboxes(), envelopes, config.poolDebug(), eventStream);
        system.start();
        return system;
    }
}
