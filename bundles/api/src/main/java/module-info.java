/**
 * Rota's public actor API ({@code io.github.rota.api}) and the service provider interfaces that
 * dispatcher, mailbox, envelope-pool and runtime modules implement ({@code io.github.rota.spi.*}),
 * and the management (MXBean) interfaces ({@code io.github.rota.api.management}).
 * This module holds no implementation.
 */
module io.github.rota.api {
    requires static org.osgi.annotation.bundle;
    requires static org.osgi.annotation.versioning;
    requires transitive java.management; // the management interfaces' units descriptors

    exports io.github.rota.api;
    exports io.github.rota.api.management;
    exports io.github.rota.spi.dispatch;
    exports io.github.rota.spi.mailbox;
    exports io.github.rota.spi.pool;
    exports io.github.rota.spi.runtime;

    uses io.github.rota.spi.runtime.ActorSystemProvider;
}
