/**
 * Rota's reliability suite: exact-accounting scenarios and the soak, for the module path (its
 * {@code ReliabilityMain}) and, as a bundle, for Felix.
 */
module io.github.rota.reliability {
    requires io.github.rota.testkit;
    requires java.management;
    requires static org.osgi.annotation.bundle;

    exports io.github.rota.reliability;
}
