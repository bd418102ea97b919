/** A continuous mixed workload (request/reply pairs, a fan-out, a hot actor) so operators see Rota's counters move. */
module io.github.rota.demo {
    requires io.github.rota.api;
    requires org.slf4j;
    requires java.management; // the launcher reports the JVM's uptime at the first message
    requires static org.osgi.annotation.bundle;
    requires static org.osgi.annotation.versioning;
    // OSGi: Declarative Services components, never loaded on the module path.
    requires static osgi.core;
    requires static org.osgi.service.component.annotations;
    requires static org.osgi.service.metatype.annotations;
}
