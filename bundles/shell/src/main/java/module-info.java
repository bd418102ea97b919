/** Gogo shell commands for Rota in Felix: dispatchers, their counters and budgets, the envelope pool, the busiest actors. */
module io.github.rota.shell {
    requires io.github.rota.api;
    requires io.github.rota.spi;
    requires org.slf4j;
    requires static org.osgi.annotation.bundle;
    requires static org.osgi.annotation.versioning;
    // OSGi only: the commands are a Declarative Services component.
    requires static osgi.core;
    requires static org.osgi.service.cm;
    requires static org.osgi.service.component.annotations;
    requires static org.osgi.service.metatype.annotations;
    requires static org.apache.felix.gogo.runtime; // @Descriptor, for Gogo's help
}
