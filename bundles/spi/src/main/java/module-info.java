/**
 * The contracts Rota's runtime, dispatcher, mailbox and envelope-pool modules meet through, and
 * what they share. Contracts: {@code io.github.rota.spi.dispatch} (dispatchers and the actors they
 * schedule), {@code .mailbox}, {@code .pool} (envelopes and their pools), {@code .runtime}
 * (observers of a system's start and end). Shared implementation: {@code io.github.rota.spi.support}
 * (base classes and helpers for dispatcher kinds) and {@code io.github.rota.spi.jfr} (the Flight
 * Recorder events and the one place they are emitted through). An application needs none of it;
 * it programs against {@code io.github.rota.api}.
 */
module io.github.rota.spi {
    requires static org.osgi.annotation.bundle;
    requires static org.osgi.annotation.versioning;
    requires transitive io.github.rota.api;
    // Flight Recorder events: an image without jdk.jfr still runs (FlightEvents checks first).
    requires static jdk.jfr;

    exports io.github.rota.spi.dispatch;
    exports io.github.rota.spi.mailbox;
    exports io.github.rota.spi.pool;
    exports io.github.rota.spi.runtime;
    exports io.github.rota.spi.support;
    exports io.github.rota.spi.jfr;
}
