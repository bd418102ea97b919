package io.github.rota.pool;

import io.github.rota.spi.pool.EnvelopePool;
import io.github.rota.spi.pool.EnvelopePoolProvider;
import java.util.Map;

/**
 * Provides the {@link ShardedEnvelopePool}, sized from the available processors. It takes no
 * properties yet: any {@code rota.pool.*} key other than {@code enabled} is rejected by name.
 */
public final class ShardedEnvelopePoolProvider implements EnvelopePoolProvider {

    @Override
    public EnvelopePool create(Map<String, String> properties) {
        if (!properties.isEmpty()) {
            String key = properties.keySet().iterator().next();
            throw new IllegalArgumentException("unknown setting 'rota.pool." + key + "' (value '" + properties.get(key) + "')");
        }
        return new ShardedEnvelopePool(ShardedEnvelopePool.shardCountFor(Runtime.getRuntime().availableProcessors()));
    }
}
