/** Rota's sharded envelope pool, provided to the runtime through {@link io.github.rota.spi.pool.EnvelopePoolProvider}. */
module io.github.rota.pool {
    requires io.github.rota.api;
    requires static org.osgi.annotation.bundle;
    requires static org.osgi.annotation.versioning;

    provides io.github.rota.spi.pool.EnvelopePoolProvider with io.github.rota.pool.ShardedEnvelopePoolProvider;
}
