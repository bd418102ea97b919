package io.github.rota.healthcheck;

import io.github.rota.api.management.ActorSystemHealth;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.HashMap;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import org.apache.felix.hc.api.HealthCheck;
import org.osgi.annotation.bundle.Capability;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;

/**
 * OSGi whiteboard: for every {@link ActorSystemHealth} service, one Felix {@link HealthCheck} service
 * per check, named {@code <system>: <check>} and tagged {@value #TAG} and {@code rota-<check>},
 * so {@code hc:exec rota} runs them all. Each also names its Felix Health Check MBean
 * ({@code org.apache.felix.healthcheck:type=HealthCheck,name=rota-<system>-<check>}), which a
 * container with a JMX whiteboard (Karaf's) publishes. They go when the system's service goes.
 *
 * <p>Threads: bind and unbind calls come from any thread and are serialised by this object's monitor;
 * systems bound before activation are published by {@link #activate}.
 */
// Registered by hand, so the service is declared for resolvers (Karaf's, bnd's) that match it to @References.
@Capability(namespace = "osgi.service", attribute = "objectClass:List<String>=\"org.apache.felix.hc.api.HealthCheck\"",
        uses = HealthCheck.class)
@Component(service = {}, immediate = true)
public final class HealthCheckComponent {

    /** The tag every Rota health check carries. */
    public static final String TAG = "rota";

    private final Map<ActorSystemHealth, List<ServiceRegistration<HealthCheck>>> published = new HashMap<>();
    private final List<ActorSystemHealth> bound = new ArrayList<>();
    private BundleContext context;

    @Activate
    synchronized void activate(BundleContext bundleContext) {
        context = bundleContext;
        bound.forEach(this::publish);
    }

    @Deactivate
    synchronized void deactivate() {
        published.values().forEach(registrations -> registrations.forEach(ServiceRegistration::unregister));
        published.clear();
        context = null;
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    synchronized void bindHealth(ActorSystemHealth health) {
        bound.add(health);
        if (context != null) {
            publish(health);
        }
    }

    synchronized void unbindHealth(ActorSystemHealth health) {
        bound.remove(health);
        List<ServiceRegistration<HealthCheck>> registrations = published.remove(health);
        if (registrations != null) {
            registrations.forEach(ServiceRegistration::unregister);
        }
    }

    private void publish(ActorSystemHealth health) {
        List<ServiceRegistration<HealthCheck>> registrations = new ArrayList<>();
        for (String check : ActorSystemHealth.CHECKS) {
            Dictionary<String, Object> properties = new Hashtable<>();
            properties.put(HealthCheck.NAME, health.system() + ": " + check);
            properties.put(HealthCheck.TAGS, new String[] {TAG, TAG + "-" + check});
            properties.put(HealthCheck.MBEAN_NAME, "rota-" + health.system() + "-" + check);
            registrations.add(context.registerService(HealthCheck.class, new SystemCheck(health, check), properties));
        }
        published.put(health, registrations);
    }
}
