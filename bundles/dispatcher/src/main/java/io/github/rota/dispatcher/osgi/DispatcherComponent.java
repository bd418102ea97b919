package io.github.rota.dispatcher.osgi;

import io.github.rota.api.ActorSystem;
import io.github.rota.api.DispatcherError;
import io.github.rota.api.WorkerStarvation;
import io.github.rota.dispatcher.executor.ExecutorDispatcherProvider;
import io.github.rota.dispatcher.metering.MeteringDecorator;
import io.github.rota.dispatcher.pinned.PinnedDispatcherProvider;
import io.github.rota.dispatcher.workstealing.WorkStealingDispatcherProvider;
import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.DispatcherDecorator;
import io.github.rota.spi.dispatch.DispatcherProvider;
import io.github.rota.spi.dispatch.DispatcherSpec;
import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.jfr.FlightEvents;
import java.util.Dictionary;
import java.util.HashMap;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import org.osgi.annotation.bundle.Capability;
import org.osgi.annotation.bundle.Requirement;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.metatype.annotations.Designate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One named dispatcher per configuration of the factory PID {@value #PID}, registered as a
 * {@link Dispatcher} service with the properties {@value #ID_PROPERTY}, {@value #KIND_PROPERTY},
 * {@value #PID_PROPERTY} and {@value ActorSystem#SYSTEM_PROPERTY}; the runtime binds it by id.
 *
 * <p>A configuration change applies live where it can (the throughput budget) and otherwise by
 * replacement: the new dispatcher is registered first, then the old one is unregistered (the
 * runtime sends new work to the new one from then on), then this component, its only owner, stops
 * it and hands back every actor it had queued ({@link Schedulable#handedBack}): each schedules
 * itself again, on the new one. An invalid configuration is logged with the PID, key and value,
 * and changes nothing: the running dispatcher keeps its last good configuration.
 *
 * <p>The service is registered by hand rather than by DS so that a replacement can overlap the
 * old one (DS would unregister first, leaving actors waiting for a moment).
 */
// Its default configuration ships in OSGI-INF/configurator/defaults.json (the same as the distribution's
// etc/io.github.rota.dispatcher-default.cfg), applied by an OSGi Configurator if the container runs one.
@Requirement(namespace = "osgi.extender", name = "osgi.configurator", version = "1.0",
        resolution = Requirement.Resolution.OPTIONAL)
// Registered by hand, so the service is declared for resolvers (Karaf's, bnd's) that match it to @References.
@Capability(namespace = "osgi.service", attribute = "objectClass:List<String>=\"io.github.rota.spi.dispatch.Dispatcher\"", uses = Dispatcher.class)
@Component(configurationPid = DispatcherComponent.PID, configurationPolicy = ConfigurationPolicy.REQUIRE,
        service = {})
@Designate(ocd = DispatcherMetatype.class, factory = true)
public final class DispatcherComponent {

    /** The factory PID: one configuration per dispatcher. */
    public static final String PID = "io.github.rota.dispatcher";
    /** Service property: the dispatcher id. */
    public static final String ID_PROPERTY = "id";
    /** Service property: the dispatcher kind. */
    public static final String KIND_PROPERTY = "kind";
    /** Service property: the configuration the dispatcher came from, for writing changes back. */
    public static final String PID_PROPERTY = DispatcherSpec.CONFIG_PID_PROPERTY;

    private static final Logger LOG = LoggerFactory.getLogger(DispatcherComponent.class);
    private static final Map<String, DispatcherProvider> KINDS = byName(DispatcherProvider::kind,
            new WorkStealingDispatcherProvider(), new ExecutorDispatcherProvider(), new PinnedDispatcherProvider());
    private static final Map<String, DispatcherDecorator> DECORATORS = byName(DispatcherDecorator::name,
            new MeteringDecorator());

    /** Systems that hear this dispatcher's events (faults, starvation reports) on their event streams. */
    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    private final List<ActorSystem> systems = new CopyOnWriteArrayList<>();

    private BundleContext context;
    private Running running;

    /** What is registered now, and the keys it was made from. */
    private record Running(String pid, Map<String, String> keys, Dispatcher dispatcher,
                           ServiceRegistration<Dispatcher> registration) {
    }

    @Activate
    void activate(BundleContext bundleContext, Map<String, Object> properties) {
        this.context = bundleContext;
        apply(properties);
    }

    @Modified
    void modified(Map<String, Object> properties) {
        apply(properties);
    }

    @Deactivate
    synchronized void deactivate() {
        if (running != null) {
            running.registration().unregister();
            Dispatcher.stopAndHandBack(running.dispatcher());
            LOG.info("dispatcher '{}' stopped", running.dispatcher().id());
            running = null;
        }
    }

    private synchronized void apply(Map<String, Object> properties) {
        String pid = String.valueOf(properties.get("service.pid"));
        Map<String, String> keys = ConfigAdminProperties.of(properties);
        if (running != null && keys.equals(running.keys())) {
            return;
        }
        DispatcherSpec spec;
        Dispatcher next;
        try {
            Map<String, String> dispatcherKeys = new TreeMap<>(keys);
            String id = DispatcherSpec.checkId(dispatcherKeys.remove(ID_PROPERTY));
            spec = DispatcherSpec.parse(ActorSystem.DEFAULT_NAME, id, dispatcherKeys, KINDS, DECORATORS, this::publish);
            if (running != null && ConfigAdminProperties.differOnlyInThroughput(running.keys(), keys)) {
                int old = running.dispatcher().throughputBudget();
                int budget = spec.config().throughputBudget();
                running.dispatcher().setThroughputBudget(budget);
                running = new Running(pid, keys, running.dispatcher(), running.registration());
                if (old == budget) { // a JMX write applied it live and then saved it here
                    LOG.info("dispatcher '{}': throughput budget {} saved in configuration {}", id, budget, pid);
                } else {
                    LOG.info("dispatcher '{}': throughput budget {} -> {} (configuration {})", id, old, budget, pid);
                    FlightEvents.budgetChange(id, old, budget, FlightEvents.CONFIGURATION);
                }
                return;
            }
            next = spec.create();
        } catch (IllegalArgumentException e) {
            LOG.error("configuration {} rejected: {}; {}", pid, e.getMessage(), running == null
                    ? "no dispatcher was created"
                    : "dispatcher '" + running.dispatcher().id() + "' keeps its last good configuration");
            return;
        }
        next.start();
        Dictionary<String, Object> serviceProperties = new Hashtable<>();
        serviceProperties.put(ID_PROPERTY, next.id());
        serviceProperties.put(KIND_PROPERTY, next.kind());
        serviceProperties.put(PID_PROPERTY, pid);
        serviceProperties.put(ActorSystem.SYSTEM_PROPERTY, ActorSystem.DEFAULT_NAME); // its threads and MBeans carry it as their system
        ServiceRegistration<Dispatcher> registration = context.registerService(Dispatcher.class, next, serviceProperties);
        Running old = running;
        running = new Running(pid, keys, next, registration);
        if (old == null) {
            LOG.info("dispatcher '{}' started: {} (configuration {})", next.id(), next, pid);
            return;
        }
        // Unregistering takes the old one out of the runtime's service: new work goes to the new one.
        // This component is its only owner: nothing else stops it.
        old.registration().unregister();
        Dispatcher.stopAndHandBack(old.dispatcher());
        LOG.info("dispatcher '{}' replaced: {} -> {} (configuration {})", next.id(), old.dispatcher(), next, pid);
    }

    private void publish(Object event) {
        if (event instanceof DispatcherError error) {
            LOG.error("dispatcher '{}' fault", error.dispatcherId(), error.cause());
        } else if (event instanceof WorkerStarvation starvation) {
            LOG.warn("dispatcher '{}': worker {} stuck in one turn for {}", starvation.dispatcherId(),
                    starvation.workerThread(), starvation.stuckFor());
        }
        for (ActorSystem system : systems) {
            system.eventStream().publish(event);
        }
    }

    @SafeVarargs
    private static <T> Map<String, T> byName(Function<T, String> name, T... providers) {
        Map<String, T> byName = new HashMap<>();
        for (T provider : providers) {
            if (byName.put(name.apply(provider), provider) != null) {
                throw new IllegalStateException("two providers named '" + name.apply(provider) + "'");
            }
        }
        return Map.copyOf(byName);
    }
}
