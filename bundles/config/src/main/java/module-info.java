/**
 * Felix only: Rota's {@code .cfg} files in FileInstall's watched directory become ConfigAdmin
 * configurations, and changes made through ConfigAdmin are saved back into them atomically.
 */
module io.github.rota.config {
    requires org.slf4j;
    requires static org.osgi.annotation.bundle;
    requires static org.osgi.annotation.versioning;
    // OSGi only: the writer is a Declarative Services component.
    requires static osgi.core;
    requires static org.osgi.service.cm;
    requires static org.osgi.service.component.annotations;
    requires static org.apache.felix.fileinstall;
}
