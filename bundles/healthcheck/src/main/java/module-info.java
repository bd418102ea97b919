/** Rota's health checks as Felix Health Check services, tagged {@code rota}, for {@code hc:exec} and the Health Check servlet. */
module io.github.rota.healthcheck {
    requires io.github.rota.api;
    requires org.apache.felix.healthcheck.api; // automatic module (the jar's name)
    requires static org.osgi.annotation.bundle;
    requires static org.osgi.annotation.versioning;
    // OSGi only: Felix Health Checks are OSGi services, found by a Declarative Services component.
    requires static osgi.core;
    requires static org.osgi.service.component.annotations;
}
