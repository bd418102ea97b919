package io.github.rota.runtime;

import io.github.rota.api.ActorSystem;
import io.github.rota.api.Settings;
import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.DispatcherDecorator;
import io.github.rota.spi.mailbox.MailboxType;
import io.github.rota.spi.pool.EnvelopePool;
import io.github.rota.spi.runtime.ActorSystemProvider;
import java.util.LinkedHashMap;
import java.util.Map;
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

        Map<String, Dispatcher> dispatchers = new LinkedHashMap<>();
        try {
            for (RuntimeConfig.DispatcherSpec spec : config.dispatchers()) {
                Dispatcher dispatcher = spec.kind().create(spec.config());
                for (DispatcherDecorator decorator : spec.decorators()) {
                    dispatcher = decorator.decorate(dispatcher, spec.config());
                }
                dispatchers.put(spec.config().id(), dispatcher);
            }
        } catch (RuntimeException e) {
            dispatchers.values().forEach(Dispatcher::stop);
            throw e;
        }
        EnvelopePool envelopes = config.poolEnabled() && providers.envelopePool().isPresent()
                ? providers.envelopePool().get().create(config.poolProperties())
                : AllocatingEnvelopePool.INSTANCE;
        Map<String, MailboxType> mailboxTypes = config.mailboxes();

        RotaActorSystem system = new RotaActorSystem(name, settings, config, dispatchers, mailboxTypes, envelopes, eventStream);
        system.start();
        return system;
    }
}
