package io.github.rota.spi.dispatch;

import io.github.rota.api.Settings;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * What a {@link DispatcherProvider} needs to create a dispatcher.
 *
 * @param systemName the actor system's name, for thread names
 * @param id the dispatcher's id
 * @param throughputBudget the initial budget, already validated
 * @param properties the kind-specific settings, keys without the {@code rota.dispatcher.<id>.} prefix
 * @param events where the dispatcher publishes what users should hear about
 *               ({@link io.github.rota.api.DispatcherError}, {@link io.github.rota.api.WorkerStarvation});
 *               the actor system's event stream
 */
public record DispatcherConfig(String systemName, String id, int throughputBudget, Map<String, String> properties,
                               Consumer<Object> events) {

    /**
     * Checks the components.
     *
     * @param systemName the actor system's name
     * @param id the dispatcher's id
     * @param throughputBudget the initial budget
     * @param properties the kind-specific settings
     * @param events where the dispatcher publishes events
     */
    public DispatcherConfig {
        Objects.requireNonNull(systemName, "systemName");
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(events, "events");
        Dispatcher.checkThroughputBudget(throughputBudget);
        properties = Map.copyOf(properties);
    }

    /**
     * A configuration whose events are dropped: for dispatchers used outside an actor system.
     *
     * @param systemName the actor system's name, for thread names
     * @param id the dispatcher's id
     * @param throughputBudget the initial budget
     * @param properties the kind-specific settings
     */
    public DispatcherConfig(String systemName, String id, int throughputBudget, Map<String, String> properties) {
        this(systemName, id, throughputBudget, properties, event -> { });
    }

    /**
     * Reads an integer property.
     *
     * @param key the property key, e.g. {@code workers}
     * @param defaultValue the value when the key is absent
     * @param min smallest valid value
     * @param max largest valid value
     * @return the value
     * @throws IllegalArgumentException naming the full key and the value if it is not an integer
     *         in {@code min..max}
     */
    public int intProperty(String key, int defaultValue, int min, int max) {
        String raw = properties.get(key);
        return raw == null ? defaultValue : Settings.parseInt(fullKey(key), raw, min, max);
    }

    /**
     * Names a kind-specific property as the user wrote it, for error messages.
     *
     * @param key a property key
     * @return the settings key it came from, {@code rota.dispatcher.<id>.<key>}
     */
    public String fullKey(String key) {
        return Settings.dispatcherKey(id, key);
    }
}
