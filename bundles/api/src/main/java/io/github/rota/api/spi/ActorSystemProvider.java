package io.github.rota.api.spi;

import io.github.rota.api.ActorSystem;
import io.github.rota.api.Settings;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * The actor runtime, as seen by {@link ActorSystem#create(String, Settings)}. Provided by module
 * {@code io.github.rota.runtime}.
 */
@ConsumerType
public interface ActorSystemProvider {

    /**
     * Creates and starts an actor system.
     *
     * @param name the system name
     * @param settings the configuration
     * @return a started actor system
     * @throws IllegalArgumentException if the name or a setting is invalid
     */
    ActorSystem create(String name, Settings settings);
}
