/** JMX for Rota: an MXBean per dispatcher and envelope pool, live budget retuning with notifications. */
module io.github.rota.management {
    requires io.github.rota.api;
    requires io.github.rota.spi;
    requires java.management;
    requires org.slf4j;
    requires com.codahale.metrics;     // Dropwizard Metrics (automatic modules; jlink gives them descriptors)
    requires com.codahale.metrics.jmx;
    requires static org.osgi.annotation.bundle;
    requires static org.osgi.annotation.versioning;
    // OSGi: the whiteboard that registers the MBeans is a Declarative Services component.
    requires static osgi.core;
    requires static org.osgi.service.cm;
    requires static org.osgi.service.component.annotations;
    requires static org.osgi.service.metatype.annotations;

    // On the module path the runtime tells it when a system starts and ends.
    provides io.github.rota.spi.runtime.SystemObserver with io.github.rota.management.ModulePathManagement;
}
