package io.github.rota.demo;

import io.github.rota.api.ActorSystem;
import org.osgi.annotation.bundle.Requirement;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * OSGi: a {@link DemoRun} on the {@link ActorSystem} service while the distribution runs. Turned off
 * with {@code enabled=false} under the PID {@value #PID}; any configuration change starts a new run.
 */
// Its default configuration ships in OSGI-INF/configurator/defaults.json (the same as the distribution's
// etc/io.github.rota.demo.cfg), applied by an OSGi Configurator if the container runs one.
@Requirement(namespace = "osgi.extender", name = "osgi.configurator", version = "1.0",
        resolution = Requirement.Resolution.OPTIONAL)
@Component(configurationPid = DemoComponent.PID, service = {}, immediate = true)
@Designate(ocd = DemoComponent.Configuration.class)
public final class DemoComponent {

    /** The configuration PID. */
    public static final String PID = "io.github.rota.demo";

    private static final Logger LOG = LoggerFactory.getLogger(DemoComponent.class);

    @ObjectClassDefinition(name = "Rota demo workload",
            description = "A continuous mixed workload so that operators see the counters move.")
    @interface Configuration {
        @AttributeDefinition(name = "Enabled", description = "Run the demo workload.")
        boolean enabled() default true;

        @AttributeDefinition(name = "Rate", min = "1", max = "10000000", description = "Messages per second, about.")
        int rate() default 5000;

        @AttributeDefinition(name = "Report interval (s)", min = "1", description = "Seconds between log lines.")
        int reportSeconds() default 10;
    }

    @Reference
    private ActorSystem system;

    private DemoRun run;

    @Activate
    void activate(Configuration config) {
        if (!config.enabled()) {
            LOG.info("demo workload disabled (configuration {})", PID);
            return;
        }
        try {
            run = new DemoRun(system, config.rate(), config.reportSeconds());
        } catch (IllegalArgumentException e) {
            LOG.error("configuration {} rejected: {}; demo not started", PID, e.getMessage());
        }
    }

    @Deactivate
    void deactivate() throws InterruptedException {
        if (run != null) {
            run.stop();
        }
    }
}
