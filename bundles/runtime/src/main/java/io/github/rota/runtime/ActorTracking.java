package io.github.rota.runtime;

import io.github.rota.api.Settings;
import java.util.Map;

/**
 * Which actors get {@link ActorMeter}s, and how they sample: the checked form of the
 * {@code rota.system.metrics.*} settings. Applies to actors spawned from then on.
 *
 * @param filter the paths tracked
 * @param sampleInterval about one message in this many is timed: a power of two
 * @param maxActors at most this many actors are tracked at once
 */
record ActorTracking(ActorPathFilter filter, int sampleInterval, int maxActors) {

    static final int DEFAULT_SAMPLE_INTERVAL = 64;
    static final int MAX_SAMPLE_INTERVAL = 1 << 16;
    static final int DEFAULT_MAX_ACTORS = 1_000;
    static final int MAX_MAX_ACTORS = 1_000_000;

    static final ActorTracking OFF = new ActorTracking(ActorPathFilter.NONE, DEFAULT_SAMPLE_INTERVAL, DEFAULT_MAX_ACTORS);

    /**
     * @param values settings by their {@link Settings} keys; absent ones take their defaults
     * @throws IllegalArgumentException naming the key and the value if one is invalid
     */
    static ActorTracking from(Map<String, String> values) {
        ActorPathFilter filter = ActorPathFilter.parse(values.getOrDefault(Settings.METRICS_ACTORS, ""));
        int interval = integer(values, Settings.METRICS_SAMPLE_INTERVAL, DEFAULT_SAMPLE_INTERVAL, MAX_SAMPLE_INTERVAL);
        if (Integer.bitCount(interval) != 1) {
            throw new IllegalArgumentException(Settings.METRICS_SAMPLE_INTERVAL + " must be a power of two (1, 2, 4 .. "
                    + MAX_SAMPLE_INTERVAL + "), was '" + values.get(Settings.METRICS_SAMPLE_INTERVAL) + "'");
        }
        int max = integer(values, Settings.METRICS_MAX_ACTORS, DEFAULT_MAX_ACTORS, MAX_MAX_ACTORS);
        return new ActorTracking(filter, interval, max);
    }

    private static int integer(Map<String, String> values, String key, int fallback, int max) {
        String raw = values.get(key);
        if (raw == null) {
            return fallback;
        }
        try {
            int value = Integer.parseInt(raw.trim());
            if (value >= 1 && value <= max) {
                return value;
            }
        } catch (NumberFormatException notANumber) {
            // reported below
        }
        throw new IllegalArgumentException(key + " must be a whole number from 1 to " + max + ", was '" + raw + "'");
    }
}
