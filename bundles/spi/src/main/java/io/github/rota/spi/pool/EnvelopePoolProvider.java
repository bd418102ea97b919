package io.github.rota.spi.pool;

import java.util.Map;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * Creates the envelope pool of an actor system. Found with {@link java.util.ServiceLoader} on the
 * module path; with none installed (or {@code rota.pool.enabled=false}) envelopes are allocated.
 */
@ConsumerType
public interface EnvelopePoolProvider {

    /**
     * Creates a pool.
     *
     * @param properties the {@code rota.pool.*} settings, keys without the prefix
     * @return a new pool for one actor system
     * @throws IllegalArgumentException if a property is invalid, naming its key and value
     */
    EnvelopePool create(Map<String, String> properties);
}
