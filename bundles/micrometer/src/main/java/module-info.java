/** Optional: Rota's metrics for a Micrometer {@code MeterRegistry}, under the names of the Prometheus rule file. */
module io.github.rota.micrometer {
    requires io.github.rota.api;
    requires transitive micrometer.core; // automatic module (the jar's Automatic-Module-Name)
    requires static org.osgi.annotation.bundle;
    requires static org.osgi.annotation.versioning;

    exports io.github.rota.micrometer;
}
