package io.github.rota.api;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Configuration of an actor system: string keys and values, the same keys and values the OSGi
 * configuration uses (key {@code rota.dispatcher.<id>.throughput} here is key {@code throughput}
 * of the dispatcher factory configuration {@code io.github.rota.dispatcher} with {@code id=<id>}).
 *
 * <p>Keys (values are validated by {@link ActorSystem#create(String, Settings)}, which fails with a
 * message naming the key and the value):
 * <table>
 * <caption>Settings keys</caption>
 * <tr><th>key</th><th>default</th><th>range</th></tr>
 * <tr><td>{@value #DEFAULT_DISPATCHER}</td><td>{@code default}</td><td>a configured dispatcher id</td></tr>
 * <tr><td>{@value #DEFAULT_MAILBOX}</td><td>{@code unbounded}</td><td>an installed or configured mailbox id</td></tr>
 * <tr><td>{@code rota.mailbox.<id>.type}</td><td>{@code <id>}</td><td>an installed mailbox type</td></tr>
 * <tr><td>{@code rota.mailbox.<id>.capacity}</td><td>1024</td><td>2..2^30 ({@code bounded})</td></tr>
 * <tr><td>{@code rota.mailbox.<id>.priority}</td><td>none</td><td>an installed {@code MessagePriority} name</td></tr>
 * <tr><td>{@code rota.dispatcher.<id>.kind}</td><td>{@code work-stealing}</td><td>an installed dispatcher kind</td></tr>
 * <tr><td>{@code rota.dispatcher.<id>.throughput}</td><td>32</td><td>1..1,000,000</td></tr>
 * <tr><td>{@code rota.dispatcher.<id>.workers}</td><td>max(available processors, 2)</td><td>1..1,024 ({@code work-stealing}), 1..32,767 ({@code executor})</td></tr>
 * <tr><td>{@value #POOL_ENABLED}</td><td>{@code false}</td><td>{@code true} or {@code false}</td></tr>
 * <tr><td>{@value #POOL_DEBUG}</td><td>{@code false}</td><td>{@code true} or {@code false}</td></tr>
 * <tr><td>{@value #METRICS_ACTORS}</td><td>none</td><td>path patterns, comma-separated (see {@link #METRICS_ACTORS})</td></tr>
 * <tr><td>{@value #METRICS_SAMPLE_INTERVAL}</td><td>64</td><td>a power of two, 1..65,536</td></tr>
 * <tr><td>{@value #METRICS_MAX_ACTORS}</td><td>1,000</td><td>1..1,000,000</td></tr>
 * </table>
 * A dispatcher id exists as soon as any {@code rota.dispatcher.<id>.*} key names it; the
 * {@code default} dispatcher always exists.
 *
 * <p>Immutable and thread-safe.
 */
public final class Settings {

    /** Prefix of every key. */
    public static final String PREFIX = "rota.";
    /**
     * Prefix of the system's own keys.
     *
     * @since 2.3
     */
    public static final String SYSTEM_PREFIX = PREFIX + "system.";
    /** Id of the dispatcher actors run on when their props name none. */
    public static final String DEFAULT_DISPATCHER = SYSTEM_PREFIX + "default.dispatcher";
    /** Id of the mailbox type actors get when their props name none. */
    public static final String DEFAULT_MAILBOX = SYSTEM_PREFIX + "default.mailbox";
    /**
     * Prefix of the envelope pool's keys.
     *
     * @since 2.3
     */
    public static final String POOL_PREFIX = PREFIX + "pool.";
    /** Whether an installed envelope pool is used; {@code false} (the default) allocates every envelope. */
    public static final String POOL_ENABLED = POOL_PREFIX + "enabled";
    /** Whether turns check that their envelope was not recycled under them (a debugging aid). */
    public static final String POOL_DEBUG = POOL_PREFIX + "debug";
    /**
     * The actors whose {@link ActorMetrics} are kept: patterns of their paths below
     * {@code rota://<system>/}, comma-separated, where {@code *} matches one path element (or part
     * of one: {@code order-*}) and {@code **} any number of them, e.g. {@code user/orders/**}. No
     * pattern (the default): no actor is tracked and none pays anything for it.
     */
    public static final String METRICS_ACTORS = SYSTEM_PREFIX + "metrics.actors";
    /** About one message in this many to a tracked actor is timed (a power of two). */
    public static final String METRICS_SAMPLE_INTERVAL = SYSTEM_PREFIX + "metrics.sampleInterval";
    /** At most this many actors are tracked at once; more that match go untracked, with a warning. */
    public static final String METRICS_MAX_ACTORS = SYSTEM_PREFIX + "metrics.maxActors";
    /** Prefix of the per-dispatcher keys: {@code rota.dispatcher.<id>.<key>}. */
    public static final String DISPATCHER_PREFIX = PREFIX + "dispatcher.";
    /**
     * The dispatcher that always exists: {@value}.
     *
     * @since 2.3
     */
    public static final String DEFAULT_DISPATCHER_ID = "default";
    /**
     * Prefix of the per-mailbox-type keys: {@code rota.mailbox.<id>.<key>}.
     *
     * @since 2.3
     */
    public static final String MAILBOX_PREFIX = PREFIX + "mailbox.";
    /** System property naming a properties file that {@link #defaults()} reads. */
    public static final String CONFIG_FILE_PROPERTY = "rota.config.file";
    /** Where Rota's settings live: what {@link #fromSystemProperties} takes from the JVM's properties. */
    private static final List<String> NAMESPACES = List.of(SYSTEM_PREFIX, DISPATCHER_PREFIX, MAILBOX_PREFIX, POOL_PREFIX);

    /**
     * Prefixes of the keys an OSGi container adds to a configuration: the framework and ConfigAdmin
     * ({@code service.pid}, {@code service.factoryPid}, {@code osgi.*}), SCR ({@code component.name},
     * {@code component.id}), FileInstall ({@code felix.fileinstall.filename}), Karaf's features
     * service ({@code org.apache.karaf.features.configKey}), and private properties, which start
     * with a dot by the Declarative Services convention.
     */
    private static final List<String> CONTAINER_PREFIXES =
            List.of("service.", "component.", "osgi.", "felix.", "org.apache.karaf.", ".");

    /** Dispatcher and mailbox ids: see {@link #isValidIdSyntax}. */
    private static final Pattern VALID_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_-]*");

    private static final Settings EMPTY = new Settings(Collections.emptyMap());

    private final Map<String, String> values;

    private Settings(Map<String, String> values) {
        this.values = values;
    }

    /** {@return settings with no keys: every value takes its default} */
    public static Settings empty() {
        return EMPTY;
    }

    /**
     * Settings from a map.
     *
     * @param values keys and values; keys must start with {@value #PREFIX}
     * @return settings holding a copy of {@code values}
     * @throws IllegalArgumentException if a key does not start with {@value #PREFIX}
     */
    public static Settings of(Map<String, String> values) {
        Objects.requireNonNull(values, "values");
        TreeMap<String, String> copy = new TreeMap<>();
        values.forEach((key, value) -> copy.put(checkKey(key), Objects.requireNonNull(value, key).trim()));
        return new Settings(Collections.unmodifiableMap(copy));
    }

    /**
     * Settings from the {@value #PREFIX} keys of a {@link Properties} object.
     *
     * @param properties properties; only keys starting with {@value #PREFIX} are taken
     * @return the settings
     */
    public static Settings fromProperties(Properties properties) {
        TreeMap<String, String> copy = new TreeMap<>();
        for (String key : properties.stringPropertyNames()) {
            if (key.startsWith(PREFIX) && !key.equals(CONFIG_FILE_PROPERTY)) {
                copy.put(key, properties.getProperty(key).trim());
            }
        }
        return new Settings(Collections.unmodifiableMap(copy));
    }

    /**
     * Reads a properties file (ISO-8859-1 escapes as in {@link Properties#load(Reader)}, UTF-8 text).
     *
     * @param file the file
     * @return the settings in it
     * @throws UncheckedIOException if the file cannot be read
     */
    public static Settings load(Path file) {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(reader);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read Rota settings file " + file, e);
        }
        return fromProperties(properties);
    }

    /**
     * The JVM's system properties under Rota's namespaces: {@value #SYSTEM_PREFIX},
     * {@value #DISPATCHER_PREFIX}, {@value #MAILBOX_PREFIX} and {@value #POOL_PREFIX}. A system
     * property elsewhere under {@value #PREFIX} (an application's own {@code rota.home}, say) is not
     * a Rota setting and is left out; an unknown key under the namespaces is a mistyped setting, and
     * creating a system with it fails.
     *
     * @return those properties, as settings
     */
    public static Settings fromSystemProperties() {
        Properties own = new Properties();
        Properties all = System.getProperties();
        for (String key : all.stringPropertyNames()) {
            if (NAMESPACES.stream().anyMatch(key::startsWith)) {
                own.setProperty(key, all.getProperty(key));
            }
        }
        return fromProperties(own);
    }

    /**
     * What {@link ActorSystem#create(String)} uses: system properties, over the file named by the
     * system property {@value #CONFIG_FILE_PROPERTY} if it is set.
     *
     * @return the default settings of this JVM
     */
    public static Settings defaults() {
        Settings settings = fromSystemProperties();
        String file = System.getProperty(CONFIG_FILE_PROPERTY);
        return file == null ? settings : settings.withFallback(load(Path.of(file)));
    }

    /**
     * Sets one key.
     *
     * @param key a key starting with {@value #PREFIX}
     * @param value its value; {@link String#valueOf(Object)} is stored
     * @return new settings with the key set
     */
    public Settings with(String key, Object value) {
        TreeMap<String, String> copy = new TreeMap<>(values);
        copy.put(checkKey(key), String.valueOf(Objects.requireNonNull(value, key)).trim());
        return new Settings(Collections.unmodifiableMap(copy));
    }

    /**
     * Combines these settings with defaults from elsewhere.
     *
     * @param fallback settings whose keys apply where these have none
     * @return the combination, these settings winning
     */
    public Settings withFallback(Settings fallback) {
        TreeMap<String, String> copy = new TreeMap<>(fallback.values);
        copy.putAll(values);
        return new Settings(Collections.unmodifiableMap(copy));
    }

    /**
     * Reads one key.
     *
     * @param key a key
     * @return its value, if set
     */
    public Optional<String> get(String key) {
        return Optional.ofNullable(values.get(key));
    }

    /** {@return every key and value, sorted by key} */
    public Map<String, String> asMap() {
        return values;
    }

    /**
     * Lists the dispatchers these settings configure.
     *
     * @return the ids of the dispatchers these settings name, always including {@code default}
     */
    public Set<String> dispatcherIds() {
        TreeSet<String> ids = new TreeSet<>();
        ids.add(DEFAULT_DISPATCHER_ID);
        for (String key : values.keySet()) {
            if (key.startsWith(DISPATCHER_PREFIX)) {
                String rest = key.substring(DISPATCHER_PREFIX.length());
                int dot = rest.lastIndexOf('.');
                if (dot > 0) {
                    ids.add(rest.substring(0, dot));
                }
            }
        }
        return Collections.unmodifiableSet(ids);
    }

    /**
     * Builds the settings key of one dispatcher's setting.
     *
     * @param id a dispatcher id
     * @param key a per-dispatcher key such as {@code throughput}
     * @return {@code rota.dispatcher.<id>.<key>}
     */
    public static String dispatcherKey(String id, String key) {
        return DISPATCHER_PREFIX + id + "." + key;
    }

    /**
     * Builds the settings key of one mailbox type's setting.
     *
     * @param id a mailbox type id
     * @param key a per-type key such as {@code capacity}
     * @return {@code rota.mailbox.<id>.<key>}
     * @since 2.3
     */
    public static String mailboxKey(String id, String key) {
        return MAILBOX_PREFIX + id + "." + key;
    }

    /**
     * Parses an integer setting, for runtimes and providers validating their keys.
     *
     * @param key the full key, named in the error
     * @param raw the value as given
     * @param min smallest valid value
     * @param max largest valid value
     * @return the value
     * @throws IllegalArgumentException naming the key and the value if it is not an integer in
     *         {@code min..max}
     */
    public static int parseInt(String key, String raw, int min, int max) {
        int value;
        try {
            value = Integer.parseInt(raw.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be an integer in " + min + ".." + max + ", was '" + raw + "'");
        }
        if (value < min || value > max) {
            throw new IllegalArgumentException(key + " must be in " + min + ".." + max + ", was " + value);
        }
        return value;
    }

    /**
     * The one syntax of dispatcher and mailbox ids, in code, files and ConfigAdmin alike.
     *
     * @param id an id, or {@code null}
     * @return whether it is a letter or digit followed by letters, digits, {@code -} and {@code _}
     */
    public static boolean isValidIdSyntax(String id) {
        return id != null && VALID_ID.matcher(id).matches();
    }

    /**
     * Whether a key of an OSGi configuration is metadata its container added rather than a setting
     * of Rota's: such keys are ignored, while any other unknown key is rejected, so that a misspelt
     * {@code throughput} is an error wherever the configuration came from.
     *
     * @param key a configuration key
     * @return whether the framework, ConfigAdmin, SCR, FileInstall or Karaf put it there
     */
    public static boolean isContainerMetadata(String key) {
        for (String prefix : CONTAINER_PREFIXES) {
            if (key.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    private static String checkKey(String key) {
        Objects.requireNonNull(key, "key");
        if (!key.startsWith(PREFIX)) {
            throw new IllegalArgumentException("setting key must start with '" + PREFIX + "': " + key);
        }
        return key;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Settings && ((Settings) other).values.equals(values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    @Override
    public String toString() {
        return "Settings" + values;
    }
}
