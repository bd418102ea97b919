package io.github.rota.runtime;

import io.github.rota.spi.dispatch.DispatcherDecorator;
import io.github.rota.spi.dispatch.DispatcherProvider;
import io.github.rota.spi.mailbox.MailboxType;
import io.github.rota.spi.pool.EnvelopePoolProvider;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The dispatcher kinds and decorators, mailbox types and envelope pool installed, found with {@link ServiceLoader}. */
record Providers(Map<String, DispatcherProvider> dispatcherKinds, Map<String, MailboxType> mailboxTypes,
                 Map<String, DispatcherDecorator> decorators, Optional<EnvelopePoolProvider> envelopePool) {

    private static final Logger LOG = LoggerFactory.getLogger(Providers.class);

    static Providers load() {
        return new Providers(
                byName(ServiceLoader.load(DispatcherProvider.class), DispatcherProvider::kind, "dispatcher kind"),
                byName(ServiceLoader.load(MailboxType.class), MailboxType::id, "mailbox type"),
                byName(ServiceLoader.load(DispatcherDecorator.class), DispatcherDecorator::name, "dispatcher decorator"),
                ServiceLoader.load(EnvelopePoolProvider.class).findFirst());
    }

    private static <T> Map<String, T> byName(ServiceLoader<T> loader, Function<T, String> name, String what) {
        Map<String, T> found = new TreeMap<>();
        for (T provider : loader) {
            T previous = found.putIfAbsent(name.apply(provider), provider);
            if (previous != null) {
                LOG.warn("{} '{}' is provided by both {} and {}; using the first", what, name.apply(provider),
                        previous.getClass().getName(), provider.getClass().getName());
            }
        }
        return found;
    }
}
