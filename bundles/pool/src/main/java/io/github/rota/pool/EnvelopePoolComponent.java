package io.github.rota.pool;

import io.github.rota.spi.pool.EnvelopePool;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.Map;
import org.osgi.annotation.bundle.Capability;
import org.osgi.annotation.bundle.Requirement;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * OSGi: the envelope pool under the PID {@value #PID} ({@code enabled}, {@code debug}, the keys of
 * {@code rota.pool.*} on the module path). While enabled, a {@link ShardedEnvelopePool} is
 * registered as an {@link EnvelopePool} service with the property {@value EnvelopePool#DEBUG_PROPERTY}; the runtime gives
 * it to actors created from then on (existing actors keep the envelopes they have). Disabled by
 * default, as on the module path: allocating an envelope beat recycling it on the JVMs measured.
 */
// Its default configuration ships in OSGI-INF/configurator/defaults.json (the same as the distribution's
// etc/io.github.rota.pool.cfg), applied by an OSGi Configurator if the container runs one.
@Requirement(namespace = "osgi.extender", name = "osgi.configurator", version = "1.0",
        resolution = Requirement.Resolution.OPTIONAL)
// Registered by hand, so the service is declared for resolvers (Karaf's, bnd's) that match it to @References.
@Capability(namespace = "osgi.service", attribute = "objectClass:List<String>=\"io.github.rota.spi.pool.EnvelopePool\"", uses = EnvelopePool.class)
@Component(configurationPid = EnvelopePoolComponent.PID, service = {})
@Designate(ocd = EnvelopePoolComponent.Configuration.class)
public final class EnvelopePoolComponent {

    /** The configuration PID. */
    public static final String PID = "io.github.rota.pool";
    /** Key: whether the pool is registered. */
    public static final String ENABLED = "enabled";
    /** Key: whether turns check for use after recycle (the service says so in {@link EnvelopePool#DEBUG_PROPERTY}). */
    public static final String DEBUG = "debug";

    private static final Logger LOG = LoggerFactory.getLogger(EnvelopePoolComponent.class);

    @ObjectClassDefinition(name = "Rota envelope pool",
            description = "The sharded pool of message envelopes (off by default: measure before turning it on).")
    @interface Configuration {
        @AttributeDefinition(name = "Enabled", description = "Recycle envelopes through the pool instead of allocating them.")
        boolean enabled() default false;

        @AttributeDefinition(name = "Debug", description = "Check every turn for an envelope recycled too early (slow).")
        boolean debug() default false;
    }

    private BundleContext context;
    private Map<String, Boolean> current;
    private ServiceRegistration<EnvelopePool> registration;
    private ShardedEnvelopePool registered;

    @Activate
    synchronized void activate(BundleContext bundleContext, Map<String, Object> properties) {
        this.context = bundleContext;
        apply(properties);
    }

    @Modified
    synchronized void modified(Map<String, Object> properties) {
        apply(properties);
    }

    @Deactivate
    synchronized void deactivate() {
        unregister();
    }

    private void apply(Map<String, Object> properties) {
        Map<String, Boolean> next;
        try {
            next = Map.of(ENABLED, flag(properties, ENABLED), DEBUG, flag(properties, DEBUG));
        } catch (IllegalArgumentException e) {
            LOG.error("configuration {} rejected: {}; the pool keeps its last good configuration", PID, e.getMessage());
            return;
        }
        if (next.equals(current)) {
            return;
        }
        current = next;
        unregister();
        if (next.get(ENABLED)) {
            boolean debug = next.get(DEBUG);
            Dictionary<String, Object> serviceProperties = new Hashtable<>();
            serviceProperties.put(EnvelopePool.DEBUG_PROPERTY, debug);
            registered = new ShardedEnvelopePool(
                    ShardedEnvelopePool.shardCountFor(Runtime.getRuntime().availableProcessors()), debug);
            registration = context.registerService(EnvelopePool.class, registered, serviceProperties);
        }
        LOG.info("envelope pool {}{}", next.get(ENABLED) ? "enabled" : "disabled", next.get(DEBUG) ? " (debug)" : "");
    }

    private void unregister() {
        if (registration != null) {
            registration.unregister();
            registration = null;
            registered.retire(); // the dispatcher threads let go of its caches
            registered = null;
        }
    }

    private static boolean flag(Map<String, Object> properties, String key) {
        Object raw = properties.get(key);
        if (raw == null || raw instanceof Boolean) {
            return Boolean.TRUE.equals(raw);
        }
        String text = raw.toString().trim();
        if (text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false")) {
            return Boolean.parseBoolean(text);
        }
        throw new IllegalArgumentException("key '" + key + "' must be true or false, was '" + raw + "'");
    }
}
