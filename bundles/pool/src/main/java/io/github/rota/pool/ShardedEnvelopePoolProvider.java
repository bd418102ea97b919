package io.github.rota.pool;

import io.github.rota.api.Settings;
import io.github.rota.spi.pool.EnvelopePool;
import io.github.rota.spi.pool.EnvelopePoolProvider;
import java.util.Map;

/**
 * Provides the {@link ShardedEnvelopePool}, sized from the available processors. Property
 * {@value EnvelopePool#DEBUG_PROPERTY} ({@code rota.pool.debug}, {@code true}/{@code false}, default {@code false}) turns
 * on the use-after-recycle checks; any other {@code rota.pool.*} key except {@code enabled} is
 * rejected by name.
 */
public final class ShardedEnvelopePoolProvider implements EnvelopePoolProvider {

    @Override
    public EnvelopePool create(Map<String, String> properties) {
        boolean debug = false;
        for (Map.Entry<String, String> e : properties.entrySet()) {
            if (!e.getKey().equals(EnvelopePool.DEBUG_PROPERTY)) {
                throw new IllegalArgumentException("unknown setting '" + Settings.POOL_PREFIX + e.getKey() + "' (value '" + e.getValue() + "')");
            }
            debug = Boolean.parseBoolean(e.getValue().trim()); // validated by the runtime
        }
        return new ShardedEnvelopePool(ShardedEnvelopePool.shardCountFor(Runtime.getRuntime().availableProcessors()), debug);
    }
}
