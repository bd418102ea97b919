/**
 * Rota's public actor API ({@code io.github.rota.api}) and the service provider interfaces that
 * dispatcher, mailbox, envelope-pool and runtime modules implement ({@code io.github.rota.spi.*}),
 * the management (MXBean) interfaces ({@code io.github.rota.api.management}) and the Flight Recorder
 * events ({@code io.github.rota.spi.jfr}).
 * This module holds no implementation.
 */
module io.github.rota.api {
    requires static org.osgi.annotation.bundle;
    requires static org.osgi.annotation.versioning;
    requires transitive java.management; // the management interfaces' units descriptors
    // Flight Recorder events: an image without jdk.jfr still runs (FlightEvents checks first).
    requires static jdk.jfr;

    exports io.github.rota.api;
    exports io.github.rota.api.management;
    exports io.github.rota.spi.dispatch;
    exports io.github.rota.spi.mailbox;
    exports io.github.rota.spi.pool;
    exports io.github.rota.spi.runtime;
    exports io.github.rota.spi.jfr;

    uses io.github.rota.spi.runtime.ActorSystemProvider;
}
