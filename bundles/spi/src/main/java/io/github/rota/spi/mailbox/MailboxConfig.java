package io.github.rota.spi.mailbox;

import io.github.rota.api.Settings;
import java.util.Map;
import java.util.Objects;

/**
 * The settings of one configured mailbox id: keys {@code rota.mailbox.<id>.<key>} without the prefix
 * (and without {@code type}).
 *
 * @param id the mailbox id actors select it by
 * @param properties its type-specific settings
 */
public record MailboxConfig(String id, Map<String, String> properties) {

    /**
     * Checks the components.
     *
     * @param id the mailbox id
     * @param properties its settings
     */
    public MailboxConfig {
        Objects.requireNonNull(id, "id");
        properties = Map.copyOf(properties);
    }

    /**
     * Reads an integer property.
     *
     * @param key the property key, e.g. {@code capacity}
     * @param defaultValue the value when the key is absent
     * @param min smallest valid value
     * @param max largest valid value
     * @return the value
     * @throws IllegalArgumentException naming the full key and the value if it is not an integer
     *         in {@code min..max}
     */
    public int intProperty(String key, int defaultValue, int min, int max) {
        String raw = properties.get(key);
        return raw == null ? defaultValue : Settings.parseInt(Settings.mailboxKey(id, key), raw, min, max);
    }
}
