package io.github.rota.dispatcher.osgi;

import io.github.rota.api.Settings;
import io.github.rota.spi.dispatch.DispatcherSpec;
import java.lang.reflect.Array;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The dispatcher's own keys of a configuration, as strings (a {@code .cfg} file gives strings, a
 * {@code .config} file or ConfigAdmin typed values), without the keys its container added.
 */
final class ConfigAdminProperties {

    private ConfigAdminProperties() {
    }

    static Map<String, String> of(Map<String, Object> properties) {
        Map<String, String> keys = new TreeMap<>();
        for (Map.Entry<String, Object> e : properties.entrySet()) {
            if (!Settings.isContainerMetadata(e.getKey()) && e.getValue() != null) {
                keys.put(e.getKey(), asString(e.getValue()));
            }
        }
        return keys;
    }

    /** @return whether {@code b} is {@code a} with (at most) another throughput budget */
    static boolean differOnlyInThroughput(Map<String, String> a, Map<String, String> b) {
        Map<String, String> x = new TreeMap<>(a);
        Map<String, String> y = new TreeMap<>(b);
        x.remove(DispatcherSpec.THROUGHPUT);
        y.remove(DispatcherSpec.THROUGHPUT);
        return x.equals(y) && !Objects.equals(a.get(DispatcherSpec.THROUGHPUT), b.get(DispatcherSpec.THROUGHPUT));
    }

    /** Metatype may hand over a one-element array or collection for a scalar attribute. */
    private static String asString(Object value) {
        if (value.getClass().isArray()) {
            StringBuilder joined = new StringBuilder();
            for (int i = 0; i < Array.getLength(value); i++) {
                joined.append(i == 0 ? "" : ",").append(Array.get(value, i));
            }
            return joined.toString();
        }
        if (value instanceof Iterable<?> items) {
            return String.join(",", java.util.stream.StreamSupport.stream(items.spliterator(), false)
                    .map(String::valueOf).toList());
        }
        return String.valueOf(value).trim();
    }
}
