package io.github.rota.runtime;

import io.github.rota.api.ActorSystem;
import io.github.rota.api.Settings;
import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.DispatcherSpec;
import io.github.rota.spi.pool.EnvelopePool;
import io.github.rota.api.spi.ActorSystemProvider;
import io.github.rota.spi.runtime.SystemObserver;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceLoader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates actor systems on the module path or class path: validates the settings, finds the
 * providers with {@link java.util.ServiceLoader}, creates and starts the dispatchers, and tells the
 * {@link SystemObserver}s (e.g. the management module's MBeans) when the system starts and ends.
 */
public final class RotaActorSystemProvider implements ActorSystemProvider {

    private static final Logger LOG = LoggerFactory.getLogger(RotaActorSystemProvider.class);

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
                : EnvelopePool.allocating();

        RotaActorSystem system = new RotaActorSystem(name, settings, config.defaultDispatcher(), config.defaultMailbox(),
                Dispatchers.fixed(dispatchers), config.mailboxes(), envelopes, config.poolDebug(), eventStream, config.tracking());
        system.start();
        Optional<EnvelopePool> pool = envelopes == EnvelopePool.allocating() ? Optional.empty() : Optional.of(envelopes);
        for (SystemObserver observer : ServiceLoader.load(SystemObserver.class)) {
            try {
                observer.started(system, List.copyOf(dispatchers), pool);
                system.whenTerminated().thenRun(() -> terminated(observer, system));
            } catch (RuntimeException e) {
                LOG.error("system observer {} failed on the start of '{}'", observer.getClass().getName(), name, e);
            }
        }
        return system;
    }

    private static void terminated(SystemObserver observer, ActorSystem system) {
        try {
            observer.terminated(system);
        } catch (RuntimeException e) {
            LOG.error("system observer {} failed on the termination of '{}'", observer.getClass().getName(), system.name(), e);
        }
    }
}
