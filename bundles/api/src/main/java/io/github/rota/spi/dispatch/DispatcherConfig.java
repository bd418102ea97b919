package io.github.rota.spi.dispatch;

import java.util.Map;
import java.util.Objects;

/**
 * What a {@link DispatcherProvider} needs to create a dispatcher.
 *
 * @param systemName the actor system's name, for thread names
 * @param id the dispatcher's id
 * @param throughputBudget the initial budget, already validated
 * @param properties the kind-specific settings, keys without the {@code rota.dispatcher.<id>.} prefix
 */
public record DispatcherConfig(String systemName, String id, int throughputBudget, Map<String, String> properties) {

    /**
     * @param systemName the actor system's name
     * @param id the dispatcher's id
     * @param throughputBudget the initial budget
     * @param properties the kind-specific settings
     */
    public DispatcherConfig {
        Objects.requireNonNull(systemName, "systemName");
        Objects.requireNonNull(id, "id");
        Dispatcher.checkThroughputBudget(throughputBudget);
        properties = Map.copyOf(properties);
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
        if (raw == null) {
            return defaultValue;
        }
        int value;
        try {
            value = Integer.parseInt(raw.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(fullKey(key) + " must be an integer in " + min + ".." + max
                    + ", was '" + raw + "'");
        }
        if (value < min || value > max) {
            throw new IllegalArgumentException(fullKey(key) + " must be in " + min + ".." + max
                    + ", was " + value);
        }
        return value;
    }

    /**
     * @param key a property key
     * @return the settings key it came from, {@code rota.dispatcher.<id>.<key>}
     */
    public String fullKey(String key) {
        return "rota.dispatcher." + id + "." + key;
    }
}
