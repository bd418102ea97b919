package io.github.rota.runtime;

import io.github.rota.api.ActorSystem;
import io.github.rota.api.Settings;
import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.DispatcherSpec;
import io.github.rota.spi.mailbox.MailboxType;
import io.github.rota.spi.pool.EnvelopePool;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.osgi.annotation.bundle.Capability;
import org.osgi.annotation.bundle.Requirement;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * OSGi: the actor system under the PID {@value #PID}, registered as an {@link ActorSystem} service
 * (property {@value #NAME}) for application bundles.
 *
 * <p>Dispatchers, mailbox types and the envelope pool are services bound while the system runs. A
 * dispatcher service that goes away (its configuration changed, its bundle stopped or updated) is
 * unbound here: new work on its id goes to its replacement; the component that registered it stops
 * it and hands the actors it had queued back to them, and they follow. While no dispatcher serves
 * an id its actors wait and their mailboxes keep filling. A change of the default dispatcher or mailbox
 * applies to actors spawned from then on; a change of the name replaces the system. An invalid
 * configuration is logged with the PID, key and value and changes nothing.
 *
 * <p>Threads: SCR calls the bind methods for the services present before {@code activate}, and later
 * from any thread; everything here is guarded by this object's monitor.
 */
// Its default configuration ships in OSGI-INF/configurator/defaults.json (the same as the distribution's
// etc/io.github.rota.system.cfg), applied by an OSGi Configurator if the container runs one.
@Requirement(namespace = "osgi.extender", name = "osgi.configurator", version = "1.0",
        resolution = Requirement.Resolution.OPTIONAL)
// Registered by hand, so the service is declared for resolvers (Karaf's, bnd's) that match it to @References.
@Capability(namespace = "osgi.service", attribute = "objectClass:List<String>=\"io.github.rota.api.ActorSystem\"", uses = ActorSystem.class)
@Component(configurationPid = ActorSystemComponent.PID, service = {}, immediate = true)
@Designate(ocd = ActorSystemComponent.Configuration.class)
public final class ActorSystemComponent {

    /** The configuration PID. */
    public static final String PID = "io.github.rota.system";
    /** Key and service property: the system's name. */
    public static final String NAME = "name";
    /** Key: the id of the dispatcher actors run on unless their props name one. */
    public static final String DEFAULT_DISPATCHER = "default.dispatcher";
    /** Key: the id of the mailbox actors get unless their props name one. */
    public static final String DEFAULT_MAILBOX = "default.mailbox";
    /** Key: the paths of the actors whose metrics are kept ({@link Settings#METRICS_ACTORS}). */
    public static final String METRICS_ACTORS = "metrics.actors";
    /** Key: about one message in this many to a tracked actor is timed ({@link Settings#METRICS_SAMPLE_INTERVAL}). */
    public static final String METRICS_SAMPLE_INTERVAL = "metrics.sampleInterval";
    /** Key: at most this many actors are tracked ({@link Settings#METRICS_MAX_ACTORS}). */
    public static final String METRICS_MAX_ACTORS = "metrics.maxActors";
    private static final Map<String, String> SETTINGS_KEYS = Map.of(METRICS_ACTORS, Settings.METRICS_ACTORS,
            METRICS_SAMPLE_INTERVAL, Settings.METRICS_SAMPLE_INTERVAL, METRICS_MAX_ACTORS, Settings.METRICS_MAX_ACTORS);

    private static final Logger LOG = LoggerFactory.getLogger(ActorSystemComponent.class);
    private static final long TERMINATION_TIMEOUT_SECONDS = 30;

    @ObjectClassDefinition(name = "Rota actor system",
            description = "The actor system application bundles get as a service.")
    @interface Configuration {
        @AttributeDefinition(name = "Name", description = "The system's name: actor paths are rota://<name>/user/...")
        String name() default ActorSystem.DEFAULT_NAME;

        @AttributeDefinition(name = "Default dispatcher",
                description = "Id of the dispatcher actors run on unless their props name one.")
        String default_dispatcher() default Settings.DEFAULT_DISPATCHER_ID;

        @AttributeDefinition(name = "Default mailbox",
                description = "Id of the mailbox type actors get unless their props name one.")
        String default_mailbox() default RuntimeConfig.DEFAULT_MAILBOX_ID;

        @AttributeDefinition(name = "Tracked actors", required = false,
                description = "Paths below rota://<name>/ of the actors whose metrics are kept (processed messages,"
                        + " errors, mailbox size, time in mailbox, processing time), comma-separated: '*' matches"
                        + " within a name, '**' any number of path elements, e.g. user/orders/**. Empty: none."
                        + " Applies to actors spawned from then on.")
        String metrics_actors() default "";

        @AttributeDefinition(name = "Sample interval",
                description = "About one message in this many to a tracked actor is timed: a power of two, 1..65536.")
        int metrics_sampleInterval() default ActorTracking.DEFAULT_SAMPLE_INTERVAL;

        @AttributeDefinition(name = "Most tracked actors",
                description = "At most this many actors are tracked at once; more that match go untracked, with a"
                        + " warning. 1..1000000.")
        int metrics_maxActors() default ActorTracking.DEFAULT_MAX_ACTORS;
    }

    /** A checked configuration. */
    private record SystemConfig(String name, String defaultDispatcher, String defaultMailbox,
                                Map<String, String> metrics, ActorTracking tracking) {
        Settings settings() {
            Settings settings = Settings.empty().with(Settings.DEFAULT_DISPATCHER, defaultDispatcher)
                    .with(Settings.DEFAULT_MAILBOX, defaultMailbox);
            for (Map.Entry<String, String> e : metrics.entrySet()) {
                settings = settings.with(e.getKey(), e.getValue());
            }
            return settings;
        }
    }

    private final List<Dispatcher> dispatchers = new ArrayList<>();
    private final Map<MailboxType, String> mailboxTypes = new LinkedHashMap<>();
    private EnvelopePool envelopePool;
    private boolean envelopeChecks;

    private BundleContext context;
    private SystemConfig config;
    private RotaActorSystem system;
    /** The running system's dispatchers; {@code null} with the system. */
    private Dispatchers.Bound bound;
    private ServiceRegistration<ActorSystem> registration;

    @Activate
    synchronized void activate(BundleContext bundleContext, Map<String, Object> properties) {
        this.context = bundleContext;
        try {
            config = check(properties);
        } catch (IllegalArgumentException e) {
            LOG.error("configuration {} rejected: {}; starting with the defaults", PID, e.getMessage());
            config = new SystemConfig(ActorSystem.DEFAULT_NAME, Settings.DEFAULT_DISPATCHER_ID, RuntimeConfig.DEFAULT_MAILBOX_ID,
                    Map.of(), ActorTracking.OFF);
        }
        startSystem();
    }

    @Modified
    void modified(Map<String, Object> properties) {
        RotaActorSystem replaced = null;
        synchronized (this) {
            SystemConfig next;
            try {
                next = check(properties);
            } catch (IllegalArgumentException e) {
                LOG.error("configuration {} rejected: {}; actor system '{}' keeps its last good configuration",
                        PID, e.getMessage(), config.name());
                return;
            }
            if (next.name().equals(config.name())) {
                config = next;
                system.setDefaults(next.defaultDispatcher(), next.defaultMailbox());
                system.useActorTracking(next.tracking());
                LOG.info("actor system '{}': default dispatcher '{}', default mailbox '{}', tracked actors '{}'",
                        next.name(), next.defaultDispatcher(), next.defaultMailbox(), next.tracking().filter());
                return;
            }
            LOG.warn("actor system '{}' is renamed '{}': replacing it (its actors stop)", config.name(), next.name());
            replaced = stopSystem();
            config = next;
            startSystem();
        }
        awaitTermination(replaced);
    }

    @Deactivate
    void deactivate() {
        RotaActorSystem stopped;
        synchronized (this) {
            stopped = stopSystem();
        }
        awaitTermination(stopped);
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    synchronized void bindDispatcher(Dispatcher dispatcher) {
        dispatchers.add(dispatcher);
        if (bound != null) {
            bound.bind(dispatcher);
            LOG.info("actor system '{}': dispatcher '{}' ({}) bound", config.name(), dispatcher.id(), dispatcher.kind());
        }
    }

    synchronized void unbindDispatcher(Dispatcher dispatcher) {
        dispatchers.remove(dispatcher);
        if (bound != null && bound.unbind(dispatcher)) {
            LOG.info("actor system '{}': dispatcher '{}' unbound; new work on it {}", config.name(), dispatcher.id(),
                    bound.current(dispatcher.id()).isPresent() ? "goes to its replacement" : "waits for a replacement");
        }
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    synchronized void bindMailboxType(MailboxType type) {
        mailboxTypes.put(type, type.id());
        if (system != null) {
            system.bindMailboxType(type);
        }
    }

    synchronized void unbindMailboxType(MailboxType type) {
        mailboxTypes.remove(type);
        if (system != null) {
            system.unbindMailboxType(type);
        }
    }

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    synchronized void bindEnvelopePool(EnvelopePool pool, Map<String, Object> properties) {
        envelopePool = pool;
        envelopeChecks = Boolean.TRUE.equals(properties.get(EnvelopePool.DEBUG_PROPERTY));
        if (system != null) {
            system.useEnvelopePool(pool, envelopeChecks);
        }
    }

    synchronized void unbindEnvelopePool(EnvelopePool pool) {
        if (envelopePool != pool) {
            return;
        }
        envelopePool = null;
        envelopeChecks = false;
        if (system != null) {
            system.useEnvelopePool(EnvelopePool.allocating(), false);
        }
    }

    private void startSystem() {
        Map<String, MailboxType> types = new TreeMap<>();
        mailboxTypes.forEach((type, id) -> types.put(id, type));
        bound = Dispatchers.bound(dispatchers);
        system = new RotaActorSystem(config.name(), config.settings(), config.defaultDispatcher(),
                config.defaultMailbox(), bound, types,
                envelopePool != null ? envelopePool : EnvelopePool.allocating(), envelopeChecks,
                new RotaEventStream(), config.tracking());
        system.start();
        LOG.info("actor system '{}' started: {}", config.name(), system.description());
        Dictionary<String, Object> serviceProperties = new Hashtable<>();
        serviceProperties.put(NAME, config.name());
        registration = context.registerService(ActorSystem.class, system, serviceProperties);
    }

    /** @return the system, terminating; the caller awaits it outside the monitor */
    private RotaActorSystem stopSystem() {
        if (registration != null) {
            registration.unregister();
            registration = null;
        }
        RotaActorSystem stopping = system;
        system = null;
        bound = null;
        if (stopping != null) {
            stopping.terminate();
        }
        return stopping;
    }

    private static void awaitTermination(RotaActorSystem stopping) {
        if (stopping == null) {
            return;
        }
        try {
            stopping.whenTerminated().toCompletableFuture().get(TERMINATION_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            LOG.info("actor system '{}' terminated ({} dead letters)", stopping.name(), stopping.deadLetterCount());
        } catch (TimeoutException e) {
            LOG.warn("actor system '{}' did not terminate within {} s (is a dispatcher missing, or an actor stuck?)",
                    stopping.name(), TERMINATION_TIMEOUT_SECONDS);
        } catch (ExecutionException e) {
            LOG.error("actor system '{}' failed to terminate", stopping.name(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static SystemConfig check(Map<String, Object> properties) {
        Map<String, String> keys = new TreeMap<>();
        for (Map.Entry<String, Object> e : properties.entrySet()) {
            String key = e.getKey();
            if (Settings.isContainerMetadata(key)) {
                continue;
            }
            if (!key.equals(NAME) && !key.equals(DEFAULT_DISPATCHER) && !key.equals(DEFAULT_MAILBOX)
                    && !SETTINGS_KEYS.containsKey(key)) {
                throw new IllegalArgumentException("unknown key '" + key + "' (value '" + e.getValue() + "'); known: "
                        + List.of(NAME, DEFAULT_DISPATCHER, DEFAULT_MAILBOX, METRICS_ACTORS, METRICS_SAMPLE_INTERVAL,
                        METRICS_MAX_ACTORS));
            }
            keys.put(key, String.valueOf(e.getValue()).trim());
        }
        String name = keys.getOrDefault(NAME, ActorSystem.DEFAULT_NAME);
        try {
            ActorNames.checkSystemName(name);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("key '" + NAME + "': " + e.getMessage(), e);
        }
        String defaultDispatcher = keys.getOrDefault(DEFAULT_DISPATCHER, Settings.DEFAULT_DISPATCHER_ID);
        try {
            DispatcherSpec.checkId(defaultDispatcher);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("key '" + DEFAULT_DISPATCHER + "': " + e.getMessage(), e);
        }
        String defaultMailbox = keys.getOrDefault(DEFAULT_MAILBOX, RuntimeConfig.DEFAULT_MAILBOX_ID);
        if (defaultMailbox.isEmpty()) {
            throw new IllegalArgumentException("key '" + DEFAULT_MAILBOX + "' must name a mailbox id, was ''");
        }
        Map<String, String> metrics = new TreeMap<>();
        SETTINGS_KEYS.forEach((key, setting) -> {
            String value = keys.get(key);
            if (value != null && !value.isEmpty()) {
                metrics.put(setting, value);
            }
        });
        ActorTracking tracking;
        try {
            tracking = ActorTracking.from(metrics);
        } catch (IllegalArgumentException e) {
            // The message names the setting; say which key of this PID that is.
            throw new IllegalArgumentException(e.getMessage().replace("rota.system.", ""), e);
        }
        return new SystemConfig(name, defaultDispatcher, defaultMailbox, Map.copyOf(metrics), tracking);
    }
}
