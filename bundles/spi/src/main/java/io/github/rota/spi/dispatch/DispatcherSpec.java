package io.github.rota.spi.dispatch;

import io.github.rota.api.Settings;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * One dispatcher as configured — its kind, its {@link DispatcherConfig} and its decorators — checked
 * from the keys of one dispatcher: {@value #KIND}, {@value #THROUGHPUT}, {@value #DECORATORS} and
 * the kind's own {@linkplain DispatcherProvider#propertyKeys() keys}. The module-path runtime
 * ({@code rota.dispatcher.<id>.<key>} settings) and the OSGi dispatcher component (one factory
 * configuration per dispatcher) read the same keys through {@link #parse}, so both containers accept
 * and reject exactly the same values.
 *
 * @param kind the provider of the dispatcher's kind
 * @param config what the provider gets
 * @param decorators what wraps the dispatcher, innermost first
 */
public record DispatcherSpec(DispatcherProvider kind, DispatcherConfig config, List<DispatcherDecorator> decorators) {

    /** Key of the dispatcher kind; {@value #DEFAULT_KIND} when absent. */
    public static final String KIND = "kind";
    /** Key of the throughput budget; {@value #DEFAULT_THROUGHPUT} when absent. */
    public static final String THROUGHPUT = "throughput";
    /** Key of the comma-separated decorator names, innermost first. */
    public static final String DECORATORS = "decorators";
    /** The name of the work-stealing kind, the pool of workers with local ready queues. */
    public static final String WORK_STEALING = "work-stealing";
    /** The kind of a dispatcher that names none. */
    public static final String DEFAULT_KIND = WORK_STEALING;
    /** The kinds Rota's dispatcher module provides, named in the error that says one is missing. */
    private static final Set<String> ROTA_KINDS = Set.of(WORK_STEALING, "executor", "pinned");
    /**
     * Service property of a {@link Dispatcher} service: the ConfigAdmin PID of the configuration it
     * came from, so that whoever changes its budget (JMX, the shell) can write the change back.
     */
    public static final String CONFIG_PID_PROPERTY = "rota.config.pid";
    /** The throughput budget of a dispatcher that names none. */
    public static final int DEFAULT_THROUGHPUT = 32;

    /**
     * Checks the components.
     *
     * @param kind the provider of the dispatcher's kind
     * @param config what the provider gets
     * @param decorators what wraps the dispatcher, innermost first
     */
    public DispatcherSpec {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(config, "config");
        decorators = List.copyOf(decorators);
    }

    /**
     * Checks one dispatcher's keys.
     *
     * @param systemName the actor system's name, for thread names
     * @param id the dispatcher's id: letters, digits, {@code -} and {@code _}
     * @param keys the dispatcher's keys, without any prefix, e.g. {@code throughput → 64}
     * @param kinds the installed kinds by name
     * @param installedDecorators the installed decorators by name
     * @param events where the dispatcher publishes events
     * @return the checked specification
     * @throws IllegalArgumentException naming the key ({@code rota.dispatcher.<id>.<key>}) and the
     *         value: an invalid id, an unknown kind, decorator or key, a bad number
     */
    public static DispatcherSpec parse(String systemName, String id, Map<String, String> keys,
                                       Map<String, DispatcherProvider> kinds,
                                       Map<String, DispatcherDecorator> installedDecorators, Consumer<Object> events) {
        String prefix = Settings.dispatcherKey(id, "");
        if (!isValidId(id)) {
            throw new IllegalArgumentException("invalid dispatcher id '" + id + "' in setting '" + prefix
                    + "…': use letters, digits, '-' and '_'");
        }
        String kindName = keys.getOrDefault(KIND, DEFAULT_KIND);
        DispatcherProvider kind = kinds.get(kindName);
        if (kind == null) {
            throw new IllegalArgumentException(prefix + KIND + " names dispatcher kind '" + kindName
                    + "', which is not installed; installed: " + new TreeSet<>(kinds.keySet())
                    + (ROTA_KINDS.contains(kindName) ? "; Rota's own kinds come with the module io.github.rota.dispatcher"
                            + " (Maven artifact io.github.rota:rota-dispatcher): put it on the module path or class path,"
                            + " or install its bundle" : ""));
        }
        int throughput = DEFAULT_THROUGHPUT;
        List<DispatcherDecorator> decorators = new ArrayList<>();
        Map<String, String> properties = new TreeMap<>();
        for (Map.Entry<String, String> e : new TreeMap<>(keys).entrySet()) {
            String key = e.getKey();
            if (key.equals(THROUGHPUT)) {
                throughput = Settings.parseInt(prefix + key, e.getValue(), Dispatcher.MIN_THROUGHPUT_BUDGET,
                        Dispatcher.MAX_THROUGHPUT_BUDGET);
            } else if (key.equals(DECORATORS)) {
                for (String name : e.getValue().split(",")) {
                    if (name.isBlank()) {
                        continue;
                    }
                    DispatcherDecorator decorator = installedDecorators.get(name.trim());
                    if (decorator == null) {
                        throw new IllegalArgumentException(prefix + key + " names decorator '" + name.trim()
                                + "', which is not installed; installed: " + new TreeSet<>(installedDecorators.keySet()));
                    }
                    decorators.add(decorator);
                }
            } else if (!key.equals(KIND) && !kind.propertyKeys().contains(key)) {
                throw new IllegalArgumentException("unknown setting '" + prefix + key + "' (value '" + e.getValue()
                        + "'): dispatchers of kind '" + kindName + "' accept " + acceptedKeys(kind.propertyKeys()));
            } else if (!key.equals(KIND)) {
                properties.put(key, e.getValue());
            }
        }
        return new DispatcherSpec(kind, new DispatcherConfig(systemName, id, throughput, properties, events), decorators);
    }

    /**
     * Checks a dispatcher id.
     *
     * @param id a proposed dispatcher id
     * @return {@code id}
     * @throws IllegalArgumentException if it is not letters, digits, {@code -} and {@code _}
     */
    public static String checkId(String id) {
        if (!isValidId(id)) {
            throw new IllegalArgumentException("invalid dispatcher id '" + id + "': use letters, digits, '-' and '_'");
        }
        return id;
    }

    private static boolean isValidId(String id) {
        return Settings.isValidIdSyntax(id);
    }

    /**
     * Creates the dispatcher (not started) and wraps it in the decorators.
     *
     * @return the dispatcher
     * @throws IllegalArgumentException if the kind rejects one of its keys
     */
    public Dispatcher create() {
        Dispatcher dispatcher = kind.create(config);
        for (DispatcherDecorator decorator : decorators) {
            dispatcher = decorator.decorate(dispatcher, config);
        }
        return dispatcher;
    }

    /**
     * Redirects the dispatcher's events.
     *
     * @param events where the dispatcher publishes events
     * @return this specification with another event sink
     */
    public DispatcherSpec withEvents(Consumer<Object> events) {
        return new DispatcherSpec(kind, new DispatcherConfig(config.systemName(), config.id(), config.throughputBudget(),
                config.properties(), events), decorators);
    }

    private static String acceptedKeys(Set<String> kindKeys) {
        List<String> accepted = new ArrayList<>(List.of(KIND, THROUGHPUT, DECORATORS));
        accepted.addAll(new TreeSet<>(kindKeys));
        return String.join(", ", accepted);
    }
}
