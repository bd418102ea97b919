/** Rota's sharded envelope pool, provided to the runtime through {@link io.github.rota.spi.pool.EnvelopePoolProvider}. */
module io.github.rota.pool {
    requires io.github.rota.api;
    requires io.github.rota.spi;
    requires org.slf4j;
    requires static org.osgi.annotation.bundle;
    requires static org.osgi.annotation.versioning;
    // OSGi: Declarative Services components, never loaded on the module path.
    requires static osgi.core;
    requires static org.osgi.service.component.annotations;
    requires static org.osgi.service.metatype.annotations;

    provides io.github.rota.spi.pool.EnvelopePoolProvider with io.github.rota.pool.ShardedEnvelopePoolProvider;
}
