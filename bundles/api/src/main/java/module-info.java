/**
 * Rota's public actor API: what an application programs against ({@code io.github.rota.api}),
 * the management (MXBean) interfaces an operator's tools read ({@code io.github.rota.api.management}),
 * and the one interface a runtime implements so that {@code ActorSystem.create} finds it
 * ({@code io.github.rota.api.spi}). This module holds no implementation; the contracts between the
 * runtime, dispatchers, mailboxes and envelope pools are in module {@code io.github.rota.spi}.
 */
module io.github.rota.api {
    requires static org.osgi.annotation.bundle;
    requires static org.osgi.annotation.versioning;
    requires transitive java.management; // the management interfaces' units descriptors

    exports io.github.rota.api;
    exports io.github.rota.api.management;
    exports io.github.rota.api.spi;

    uses io.github.rota.api.spi.ActorSystemProvider;
}
