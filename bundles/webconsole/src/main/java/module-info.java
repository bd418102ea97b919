/** The "Rota" page of the Felix WebConsole, a client of Rota's MBeans. */
module io.github.rota.webconsole {
    requires io.github.rota.api;
    requires java.management;
    requires jakarta.servlet;
    requires org.apache.felix.webconsole; // automatic module (the jar's name)
    requires static org.osgi.annotation.bundle;
    requires static org.osgi.annotation.versioning;
    // OSGi only: the WebConsole finds its pages as OSGi services, registered by a Declarative Services component.
    requires static osgi.core;
    requires static org.osgi.service.component.annotations;
}
