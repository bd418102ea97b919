package io.github.rota.management;

import io.github.rota.api.Settings;
import io.github.rota.api.management.ActorSystemHealth;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The thresholds of the health checks (configuration {@value ActorSystemHealth#PID}): a sliding window
 * and, per check, the value at which it warns and the value at which it is critical.
 *
 * @param windowSeconds how far back the counting checks look
 * @param warn warning threshold by check name
 * @param critical critical threshold by check name
 */
record HealthThresholds(int windowSeconds, Map<String, Long> warn, Map<String, Long> critical) {

    static final String WINDOW_SECONDS = "windowSeconds";
    /** A day: a window holds a sample a second. */
    static final long MAX_WINDOW_SECONDS = 86_400;

    /** Configuration keys per check: warning key, critical key, their defaults. */
    private record Keys(String warn, String critical, long warnDefault, long criticalDefault) {
    }

    private static final Map<String, Keys> KEYS = Map.of(
            "dispatcher-missing", new Keys("dispatcherMissingWarnSeconds", "dispatcherMissingCriticalSeconds", 1, 5),
            "starvation", new Keys("starvationWarn", "starvationCritical", 1, 10),
            "queue-delay", new Keys("queueDelayWarnMillis", "queueDelayCriticalMillis", 100, 1_000),
            "dead-letters", new Keys("deadLettersWarn", "deadLettersCritical", 1_000, 100_000),
            "saturation", new Keys("saturationWarnSeconds", "saturationCriticalSeconds", 30, 300),
            "backlog", new Keys("backlogWarn", "backlogCritical", 10_000, 100_000));

    /** Every key a configuration may hold, besides what a container adds. */
    private static final Set<String> KNOWN_KEYS = knownKeys();

    static final HealthThresholds DEFAULTS = from(Map.of());

    HealthThresholds {
        warn = Map.copyOf(warn);
        critical = Map.copyOf(critical);
    }

    long warn(String check) {
        return warn.get(check);
    }

    long critical(String check) {
        return critical.get(check);
    }

    /**
     * Reads the thresholds from a configuration; missing keys take their defaults, and keys a
     * container adds ({@link Settings#isContainerMetadata}) are ignored.
     *
     * @throws IllegalArgumentException naming the key and the value, if a key is unknown, a value is
     *         not a whole number of at least 1, the window is longer than a day, or a critical
     *         threshold is below its warning
     */
    static HealthThresholds from(Map<String, ?> properties) {
        for (String key : properties.keySet()) {
            if (!KNOWN_KEYS.contains(key) && !Settings.isContainerMetadata(key)) {
                throw new IllegalArgumentException("unknown key '" + key + "'");
            }
        }
        long window = number(properties, WINDOW_SECONDS, 60);
        if (window > MAX_WINDOW_SECONDS) {
            throw new IllegalArgumentException("key '" + WINDOW_SECONDS + "' must be at most " + MAX_WINDOW_SECONDS
                    + ", was " + window);
        }
        Map<String, Long> warn = new LinkedHashMap<>();
        Map<String, Long> critical = new LinkedHashMap<>();
        for (String check : ActorSystemHealth.CHECKS) {
            Keys keys = KEYS.get(check);
            long w = number(properties, keys.warn(), keys.warnDefault());
            long c = number(properties, keys.critical(), keys.criticalDefault());
            if (c < w) {
                throw new IllegalArgumentException("key '" + keys.critical() + "' (" + c + ") must not be below '"
                        + keys.warn() + "' (" + w + ")");
            }
            warn.put(check, w);
            critical.put(check, c);
        }
        return new HealthThresholds((int) window, warn, critical);
    }

    private static Set<String> knownKeys() {
        Set<String> known = new HashSet<>(Set.of(WINDOW_SECONDS));
        KEYS.values().forEach(keys -> known.addAll(Set.of(keys.warn(), keys.critical())));
        return Set.copyOf(known);
    }

    private static long number(Map<String, ?> properties, String key, long fallback) {
        Object raw = properties.get(key);
        if (raw == null) {
            return fallback;
        }
        long value;
        try {
            value = raw instanceof Long || raw instanceof Integer || raw instanceof Short || raw instanceof Byte
                    ? ((Number) raw).longValue() : Long.parseLong(raw.toString().trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("key '" + key + "' must be a whole number, was '" + raw + "'");
        }
        if (value < 1) {
            throw new IllegalArgumentException("key '" + key + "' must be at least 1, was " + value);
        }
        return value;
    }
}
