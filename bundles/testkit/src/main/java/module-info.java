/**
 * Test support for Rota actors: {@link io.github.rota.testkit.TestProbe}, the JUnit 5
 * {@link io.github.rota.testkit.ActorSystemExtension}, a calling-thread dispatcher (kind
 * {@code calling-thread}) for deterministic tests, and the SPI's contract tests
 * ({@link io.github.rota.testkit.contract}) that a dispatcher or mailbox implementation inherits.
 */
module io.github.rota.testkit {
    requires transitive io.github.rota.api;
    requires io.github.rota.spi;
    requires transitive org.junit.jupiter.api;
    // The contract tests only: a user running them has both on the test path.
    requires static org.assertj.core;
    requires static awaitility;
    requires static org.osgi.annotation.bundle;
    requires static org.osgi.annotation.versioning;

    exports io.github.rota.testkit;
    exports io.github.rota.testkit.contract;

    provides io.github.rota.spi.dispatch.DispatcherProvider
            with io.github.rota.testkit.internal.CallingThreadDispatcherProvider;
}
