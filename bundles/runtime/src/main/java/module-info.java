/**
 * Rota's actor runtime: actor cells, supervision, death watch, ask, dead letters and the event
 * stream. It reaches dispatchers, mailbox types and the envelope pool only through the SPI.
 */
module io.github.rota.runtime {
    requires io.github.rota.api;
    requires io.github.rota.spi;
    requires org.slf4j;
    requires static org.osgi.annotation.bundle;
    requires static org.osgi.annotation.versioning;
    // OSGi: Declarative Services components, never loaded on the module path.
    requires static osgi.core;
    requires static org.osgi.service.component.annotations;
    requires static org.osgi.service.metatype.annotations;

    provides io.github.rota.api.spi.ActorSystemProvider with io.github.rota.runtime.RotaActorSystemProvider;

    uses io.github.rota.spi.dispatch.DispatcherProvider;
    uses io.github.rota.spi.mailbox.MailboxType;
    uses io.github.rota.spi.pool.EnvelopePoolProvider;
    uses io.github.rota.spi.dispatch.DispatcherDecorator;
    uses io.github.rota.spi.runtime.SystemObserver;
}
