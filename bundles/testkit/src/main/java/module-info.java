/**
 * Test support for Rota actors: {@link io.github.rota.testkit.TestProbe}, the JUnit 5
 * {@link io.github.rota.testkit.ActorSystemExtension} and a calling-thread dispatcher (kind
 * {@code calling-thread}) for deterministic tests.
 */
module io.github.rota.testkit {
    requires transitive io.github.rota.api;
    requires transitive org.junit.jupiter.api;
    requires static org.osgi.annotation.bundle;
    requires static org.osgi.annotation.versioning;

    exports io.github.rota.testkit;

    provides io.github.rota.spi.dispatch.DispatcherProvider
            with io.github.rota.testkit.internal.CallingThreadDispatcherProvider;
}
