package io.github.rota.management;

import io.github.rota.api.ActorSystem;
import io.github.rota.api.management.ActorSystemHealth;
import io.github.rota.api.management.ActorSystemMXBean;
import io.github.rota.api.management.DispatcherMXBean;
import io.github.rota.api.management.EnvelopePoolMXBean;
import io.github.rota.api.management.ObjectNames;
import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.DispatcherSpec;
import io.github.rota.spi.pool.EnvelopePool;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.HashMap;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import org.osgi.annotation.bundle.Capability;
import org.osgi.annotation.bundle.Requirement;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
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
 * OSGi whiteboard: an MBean for every {@link Dispatcher} service (by its {@code rota.system} and
 * {@code id} properties), for the {@link EnvelopePool} service and for every {@link ActorSystem}
 * service, registered when the service appears and unregistered when it goes. A dispatcher replaced
 * under the same id keeps its MBean. The same things feed a Dropwizard registry per system
 * ({@link DropwizardMetrics}), published under {@code io.github.rota.metrics}.
 *
 * <p>A budget set through JMX is written to the dispatcher's configuration ({@code rota.config.pid})
 * through ConfigAdmin, so it survives a restart and ConfigAdmin and JMX agree; changes made any other
 * way are announced within a second ({@link Ticker}).
 *
 * <p>Threads: bind and unbind calls come from any thread and are serialised by this object's monitor.
 */
// Its default configuration ships in OSGI-INF/configurator/defaults.json (the same as the distribution's
// etc/io.github.rota.health.cfg), applied by an OSGi Configurator if the container runs one.
@Requirement(namespace = "osgi.extender", name = "osgi.configurator", version = "1.0",
        resolution = Requirement.Resolution.OPTIONAL)
// Registered by hand, so the service is declared for resolvers (Karaf's, bnd's) that match it to @References.
@Capability(namespace = "osgi.service", attribute = "objectClass:List<String>=\"io.github.rota.api.management.ActorSystemHealth\"",
        uses = ActorSystemHealth.class)
@Component(service = {}, immediate = true, configurationPid = ActorSystemHealth.PID)
@Designate(ocd = ManagementComponent.HealthConfiguration.class)
public final class ManagementComponent {

    @ObjectClassDefinition(name = "Rota health checks", description = "The thresholds of the actor systems' health checks: "
            + "a check warns at its warning value and is critical at its critical value.")
    @interface HealthConfiguration {
        @AttributeDefinition(name = "Window (s)", min = "1", max = "86400", description = "How far back the counting checks look.")
        int windowSeconds() default 60;

        @AttributeDefinition(name = "Dispatcher missing: warn (s)", min = "1",
                description = "Seconds actors have waited for a dispatcher id that nothing serves.")
        int dispatcherMissingWarnSeconds() default 1;

        @AttributeDefinition(name = "Dispatcher missing: critical (s)", min = "1")
        int dispatcherMissingCriticalSeconds() default 5;

        @AttributeDefinition(name = "Starvation: warn", min = "1", description = "Turns reported stuck in the window.")
        int starvationWarn() default 1;

        @AttributeDefinition(name = "Starvation: critical", min = "1")
        int starvationCritical() default 10;

        @AttributeDefinition(name = "Queue delay: warn (ms)", min = "1",
                description = "The p99 of the once-a-second queue-delay probes in the window (one a second: the slowest).")
        int queueDelayWarnMillis() default 100;

        @AttributeDefinition(name = "Queue delay: critical (ms)", min = "1")
        int queueDelayCriticalMillis() default 1_000;

        @AttributeDefinition(name = "Dead letters: warn", min = "1", description = "Dead letters in the window.")
        long deadLettersWarn() default 1_000;

        @AttributeDefinition(name = "Dead letters: critical", min = "1")
        long deadLettersCritical() default 100_000;

        @AttributeDefinition(name = "Saturation: warn (s)", min = "1",
                description = "Seconds in which no worker of a dispatcher parked.")
        int saturationWarnSeconds() default 30;

        @AttributeDefinition(name = "Saturation: critical (s)", min = "1")
        int saturationCriticalSeconds() default 300;

        @AttributeDefinition(name = "Backlog: warn", min = "1", description = "Actors waiting in a dispatcher's shared queue.")
        int backlogWarn() default 10_000;

        @AttributeDefinition(name = "Backlog: critical", min = "1")
        int backlogCritical() default 100_000;
    }

    private static final Logger LOG = LoggerFactory.getLogger(ManagementComponent.class);

    private final MBeanRegistrar registrar = new MBeanRegistrar();
    /** By ObjectName key (system/id): the MBean, and every dispatcher service bound under it, newest last. */
    private final Map<String, DispatcherMBean> dispatcherBeans = new HashMap<>();
    private final Map<String, List<Dispatcher>> bound = new HashMap<>();
    private final Map<EnvelopePool, javax.management.ObjectName> pools = new HashMap<>();
    private final Map<ActorSystem, ActorSystemMBean> systems = new HashMap<>();
    private final Map<ActorSystem, TrackedActorBeans> trackedActors = new HashMap<>();
    private final Map<ActorSystem, ServiceRegistration<ActorSystemHealth>> healthServices = new HashMap<>();
    private HealthThresholds thresholds = HealthThresholds.DEFAULTS;
    /** Null until activation: systems bound before it are published then. */
    private BundleContext context;
    /** Dropwizard registries by system name. */
    private final Map<String, DropwizardMetrics> metrics = new HashMap<>();
    private ScheduledExecutorService ticker;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile ConfigurationAdmin configAdmin;

    @Activate
    synchronized void activate(BundleContext bundleContext, Map<String, Object> configuration) {
        context = bundleContext;
        configure(configuration);
        systems.forEach(this::publishHealth);
        ticker = Ticker.start("rota-management", this::tick);
    }

    @Modified
    synchronized void modified(Map<String, Object> configuration) {
        configure(configuration);
    }

    private void configure(Map<String, Object> configuration) {
        try {
            thresholds = HealthThresholds.from(configuration);
        } catch (IllegalArgumentException e) {
            LOG.error("configuration {} rejected: {}; the health checks keep their thresholds", ActorSystemHealth.PID,
                    e.getMessage());
            return;
        }
        systems.values().forEach(bean -> bean.health().thresholds(thresholds));
    }

    private void publishHealth(ActorSystem system, ActorSystemMBean bean) {
        Dictionary<String, Object> properties = new Hashtable<>();
        properties.put(ActorSystem.SYSTEM_PROPERTY, system.name());
        healthServices.put(system, context.registerService(ActorSystemHealth.class, bean.health(), properties));
    }

    @Deactivate
    synchronized void deactivate() {
        ticker.shutdownNow();
        healthServices.values().forEach(ServiceRegistration::unregister);
        healthServices.clear();
        context = null;
        dispatcherBeans.values().forEach(bean -> registrar.unregister(bean.name()));
        dispatcherBeans.clear();
        bound.clear();
        pools.values().forEach(registrar::unregister);
        pools.clear();
        systems.keySet().forEach(system -> registrar.unregister(ObjectNames.actorSystem(system.name())));
        systems.clear();
        trackedActors.values().forEach(TrackedActorBeans::close);
        trackedActors.clear();
        metrics.values().forEach(DropwizardMetrics::close);
        metrics.clear();
    }

    private DropwizardMetrics metrics(String system) {
        return metrics.computeIfAbsent(system, DropwizardMetrics::new);
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    synchronized void bindActorSystem(ActorSystem system) {
        // Dispatcher services carry their own system name (their metrics live there).
        ActorSystemMBean bean = new ActorSystemMBean(system, id -> metrics(ActorSystem.DEFAULT_NAME).queueDelayNowNanos(id));
        bean.health().thresholds(thresholds);
        systems.put(system, bean);
        registrar.register(bean, ActorSystemMXBean.class, ObjectNames.actorSystem(system.name()));
        trackedActors.put(system, new TrackedActorBeans(system, registrar));
        if (context != null) {
            publishHealth(system, bean);
        }
        metrics(system.name()).system(system);
    }

    synchronized void unbindActorSystem(ActorSystem system) {
        ServiceRegistration<ActorSystemHealth> health = healthServices.remove(system);
        if (health != null) {
            health.unregister();
        }
        TrackedActorBeans actorBeans = trackedActors.remove(system);
        if (actorBeans != null) {
            actorBeans.close();
        }
        if (systems.remove(system) != null) {
            registrar.unregister(ObjectNames.actorSystem(system.name()));
            metrics(system.name()).removeSystem();
        }
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    synchronized void bindDispatcher(Dispatcher dispatcher, Map<String, Object> properties) {
        String system = String.valueOf(properties.getOrDefault(ActorSystem.SYSTEM_PROPERTY, ActorSystem.DEFAULT_NAME));
        String key = system + "/" + dispatcher.id();
        bound.computeIfAbsent(key, k -> new ArrayList<>()).add(dispatcher);
        metrics(system).dispatcher(dispatcher);
        DispatcherMBean bean = dispatcherBeans.get(key);
        if (bean != null) {
            bean.follow(dispatcher);
            return;
        }
        Object pid = properties.get(DispatcherSpec.CONFIG_PID_PROPERTY);
        bean = new DispatcherMBean(ObjectNames.dispatcher(system, dispatcher.id()), dispatcher,
                budget -> persist(pid == null ? null : pid.toString(), budget));
        dispatcherBeans.put(key, bean);
        registrar.register(bean, DispatcherMXBean.class, bean.name());
    }

    synchronized void unbindDispatcher(Dispatcher dispatcher, Map<String, Object> properties) {
        String system = String.valueOf(properties.getOrDefault(ActorSystem.SYSTEM_PROPERTY, ActorSystem.DEFAULT_NAME));
        String key = system + "/" + dispatcher.id();
        List<Dispatcher> same = bound.getOrDefault(key, new ArrayList<>());
        same.remove(dispatcher);
        DispatcherMBean bean = dispatcherBeans.get(key);
        if (bean == null || bean.dispatcher() != dispatcher) {
            return;
        }
        if (!same.isEmpty()) {
            bean.follow(same.get(same.size() - 1));
            metrics(system).dispatcher(same.get(same.size() - 1));
            return;
        }
        dispatcherBeans.remove(key);
        bound.remove(key);
        registrar.unregister(bean.name());
        metrics(system).removeDispatcher(dispatcher.id());
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    synchronized void bindEnvelopePool(EnvelopePool pool, Map<String, Object> properties) {
        javax.management.ObjectName name = ObjectNames.envelopePool(
                String.valueOf(properties.getOrDefault(ActorSystem.SYSTEM_PROPERTY, ActorSystem.DEFAULT_NAME)));
        pools.put(pool, name);
        registrar.register(new EnvelopePoolMBean(pool), EnvelopePoolMXBean.class, name);
        metrics(name.getKeyProperty("system")).pool(pool);
    }

    synchronized void unbindEnvelopePool(EnvelopePool pool) {
        javax.management.ObjectName name = pools.remove(pool);
        if (name != null) {
            registrar.unregister(name);
            metrics(name.getKeyProperty("system")).removePool();
        }
    }

    /**
     * Every second: budget changes made elsewhere are announced, health is re-evaluated, queue delay
     * probed, and the tracked actors' MBeans follow the actors.
     */
    private synchronized void tick() {
        dispatcherBeans.values().forEach(DispatcherMBean::checkBudget);
        systems.values().forEach(ActorSystemMBean::sampleHealth);
        trackedActors.values().forEach(TrackedActorBeans::tick);
        metrics.values().forEach(DropwizardMetrics::tick);
    }

    /** Writes a budget set through JMX to the dispatcher's configuration, if it has one. */
    private void persist(String pid, int budget) {
        ConfigurationAdmin admin = configAdmin;
        if (pid == null || admin == null) {
            return;
        }
        try {
            Configuration configuration = admin.getConfiguration(pid, "?");
            Dictionary<String, Object> properties = configuration.getProperties();
            if (properties == null) {
                properties = new Hashtable<>();
            }
            properties.put("throughput", Integer.toString(budget));
            configuration.update(properties);
        } catch (IOException e) {
            LOG.warn("throughput budget {} applies, but could not be saved in configuration {}", budget, pid, e);
        }
    }
}
