package io.github.rota.runtime;

import io.github.rota.api.Settings;
import io.github.rota.spi.dispatch.DispatcherSpec;
import io.github.rota.spi.mailbox.MailboxConfig;
import io.github.rota.spi.mailbox.MailboxType;
import io.github.rota.spi.pool.EnvelopePool;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The validated form of {@link Settings}: every key is known and every value in range, or
 * {@link #from} throws an {@link IllegalArgumentException} naming the key and the value.
 *
 * @param defaultDispatcher id of the dispatcher actors run on by default
 * @param defaultMailbox id of the mailbox type actors get by default
 * @param poolEnabled whether an installed envelope pool is used
 * @param poolDebug whether turns check that their envelope was not recycled under them
 * @param poolProperties the {@code rota.pool.*} keys (without prefix) for the pool provider
 * @param dispatchers one entry per configured dispatcher
 * @param mailboxes every mailbox id: the installed types under their own ids, and the configured ones
 * @param tracking which actors' metrics are kept
 */
record RuntimeConfig(String defaultDispatcher, String defaultMailbox, boolean poolEnabled, boolean poolDebug,
                     Map<String, String> poolProperties, List<DispatcherSpec> dispatchers,
                     Map<String, MailboxType> mailboxes, ActorTracking tracking) {

    static final String DEFAULT_MAILBOX_ID = MailboxType.UNBOUNDED;

    private static final String TYPE = "type";
    /** The mailbox types Rota's mailbox module provides, named in the error that says one is missing. */
    private static final Set<String> ROTA_MAILBOX_TYPES = Set.of(MailboxType.UNBOUNDED, "bounded", "unbounded-array",
            "per-sender-fair", "priority", "stable-priority", "control-aware");
    private static final String MAILBOX_MODULE_HINT = "; Rota's own mailbox types come with the module"
            + " io.github.rota.mailbox (Maven artifact io.github.rota:rota-mailbox): put it on the module path or"
            + " class path, or install its bundle";
    private static final Set<String> SYSTEM_KEYS = Set.of(Settings.DEFAULT_DISPATCHER, Settings.DEFAULT_MAILBOX,
            Settings.METRICS_ACTORS, Settings.METRICS_SAMPLE_INTERVAL, Settings.METRICS_MAX_ACTORS);

    /** Where the dispatchers publish events, once the event stream exists. */
    RuntimeConfig withEvents(java.util.function.Consumer<Object> events) {
        List<DispatcherSpec> wired = dispatchers.stream().map(spec -> spec.withEvents(events)).toList();
        return new RuntimeConfig(defaultDispatcher, defaultMailbox, poolEnabled, poolDebug, poolProperties, wired, mailboxes,
                tracking);
    }

    static RuntimeConfig from(String systemName, Settings settings, Providers providers) {
        Map<String, String> values = settings.asMap();
        for (String key : values.keySet()) {
            if (!SYSTEM_KEYS.contains(key) && !key.startsWith(Settings.POOL_PREFIX) && !key.startsWith(Settings.DISPATCHER_PREFIX)
                    && !key.startsWith(Settings.MAILBOX_PREFIX)) {
                throw unknownKey(key, values.get(key));
            }
            if (key.startsWith(Settings.DISPATCHER_PREFIX)
                    && key.indexOf('.', Settings.DISPATCHER_PREFIX.length()) < 0) {
                throw unknownKey(key, values.get(key));
            }
        }

        List<DispatcherSpec> dispatchers = new ArrayList<>();
        for (String id : settings.dispatcherIds()) {
            dispatchers.add(dispatcher(systemName, id, values, providers));
        }

        String defaultDispatcher = values.getOrDefault(Settings.DEFAULT_DISPATCHER, Settings.DEFAULT_DISPATCHER_ID);
        if (!settings.dispatcherIds().contains(defaultDispatcher)) {
            throw new IllegalArgumentException(Settings.DEFAULT_DISPATCHER + " names dispatcher '" + defaultDispatcher
                    + "', which is not configured; configured: " + settings.dispatcherIds());
        }
        Map<String, MailboxType> mailboxes = mailboxes(values, providers);
        String defaultMailbox = values.getOrDefault(Settings.DEFAULT_MAILBOX, DEFAULT_MAILBOX_ID);
        if (!mailboxes.containsKey(defaultMailbox)) {
            throw new IllegalArgumentException(Settings.DEFAULT_MAILBOX + " names mailbox '" + defaultMailbox
                    + "', which is neither installed nor configured; known: " + mailboxes.keySet()
                    + (ROTA_MAILBOX_TYPES.contains(defaultMailbox) ? MAILBOX_MODULE_HINT : ""));
        }

        // Off unless asked for: on this JVM, allocating an envelope beat recycling it (see docs/benchmarks.md).
        boolean poolEnabled = false;
        boolean poolDebug = false;
        Map<String, String> poolProperties = new TreeMap<>();
        for (Map.Entry<String, String> e : values.entrySet()) {
            if (e.getKey().equals(Settings.POOL_ENABLED)) {
                poolEnabled = parseBoolean(e.getKey(), e.getValue());
            } else if (e.getKey().equals(Settings.POOL_DEBUG)) {
                poolDebug = parseBoolean(e.getKey(), e.getValue());
                poolProperties.put(EnvelopePool.DEBUG_PROPERTY, Boolean.toString(poolDebug));
            } else if (e.getKey().startsWith(Settings.POOL_PREFIX)) {
                if (providers.envelopePool().isEmpty()) {
                    throw unknownKey(e.getKey(), e.getValue());
                }
                poolProperties.put(e.getKey().substring(Settings.POOL_PREFIX.length()), e.getValue());
            }
        }
        return new RuntimeConfig(defaultDispatcher, defaultMailbox, poolEnabled, poolDebug, poolProperties, dispatchers, mailboxes,
                ActorTracking.from(values));
    }

    /** Installed types under their own ids, plus the ids configured as {@code rota.mailbox.<id>.*}. */
    private static Map<String, MailboxType> mailboxes(Map<String, String> values, Providers providers) {
        Map<String, MailboxType> mailboxes = new TreeMap<>();
        providers.mailboxTypes().forEach((id, type) -> mailboxes.put(id, type.configure(new MailboxConfig(id, Map.of()))));
        Map<String, Map<String, String>> configured = new TreeMap<>();
        for (Map.Entry<String, String> e : values.entrySet()) {
            if (!e.getKey().startsWith(Settings.MAILBOX_PREFIX)) {
                continue;
            }
            String rest = e.getKey().substring(Settings.MAILBOX_PREFIX.length());
            int dot = rest.lastIndexOf('.');
            if (dot <= 0 || !Settings.isValidIdSyntax(rest.substring(0, dot))) {
                throw unknownKey(e.getKey(), e.getValue());
            }
            configured.computeIfAbsent(rest.substring(0, dot), id -> new TreeMap<>()).put(rest.substring(dot + 1), e.getValue());
        }
        for (Map.Entry<String, Map<String, String>> entry : configured.entrySet()) {
            String id = entry.getKey();
            Map<String, String> properties = new TreeMap<>(entry.getValue());
            String typeName = properties.containsKey(TYPE) ? properties.remove(TYPE) : id;
            MailboxType type = providers.mailboxTypes().get(typeName);
            if (type == null) {
                throw new IllegalArgumentException(Settings.MAILBOX_PREFIX + id + "." + TYPE + " names mailbox type '" + typeName
                        + "', which is not installed; installed: " + providers.mailboxTypes().keySet()
                        + (ROTA_MAILBOX_TYPES.contains(typeName) ? MAILBOX_MODULE_HINT : ""));
            }
            for (Map.Entry<String, String> p : properties.entrySet()) {
                if (!type.propertyKeys().contains(p.getKey())) {
                    throw new IllegalArgumentException("unknown setting '" + Settings.MAILBOX_PREFIX + id + "." + p.getKey()
                            + "' (value '" + p.getValue() + "'): mailboxes of type '" + typeName + "' accept type"
                            + (type.propertyKeys().isEmpty() ? "" : ", " + String.join(", ", new java.util.TreeSet<>(type.propertyKeys()))));
                }
            }
            mailboxes.put(id, type.configure(new MailboxConfig(id, properties)));
        }
        return mailboxes;
    }

    private static DispatcherSpec dispatcher(String systemName, String id, Map<String, String> values, Providers providers) {
        String prefix = Settings.dispatcherKey(id, "");
        Map<String, String> keys = new TreeMap<>();
        for (Map.Entry<String, String> e : values.entrySet()) {
            if (e.getKey().startsWith(prefix) && !e.getKey().substring(prefix.length()).contains(".")) {
                keys.put(e.getKey().substring(prefix.length()), e.getValue());
            }
        }
        return DispatcherSpec.parse(systemName, id, keys, providers.dispatcherKinds(), providers.decorators(), event -> { });
    }

    private static IllegalArgumentException unknownKey(String key, String value) {
        return new IllegalArgumentException("unknown setting '" + key + "' (value '" + value + "')");
    }

    private static boolean parseBoolean(String key, String raw) {
        if (raw.equalsIgnoreCase("true")) {
            return true;
        }
        if (raw.equalsIgnoreCase("false")) {
            return false;
        }
        throw new IllegalArgumentException(key + " must be true or false, was '" + raw + "'");
    }
}
