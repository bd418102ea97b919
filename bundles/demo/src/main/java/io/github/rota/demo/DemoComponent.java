package io.github.rota.demo;

import io.github.rota.api.ActorSystem;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
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
 * OSGi: runs the {@link DemoWorkload} on the {@link ActorSystem} service at a moderate rate while
 * the distribution runs, and logs what it handled every {@code reportSeconds}. Turned off with
 * {@code enabled=false} under the PID {@value #PID}; any configuration change restarts it.
 */
@Component(configurationPid = DemoComponent.PID, service = {}, immediate = true)
@Designate(ocd = DemoComponent.Configuration.class)
public final class DemoComponent {

    /** The configuration PID. */
    public static final String PID = "io.github.rota.demo";

    private static final Logger LOG = LoggerFactory.getLogger(DemoComponent.class);
    private static final int TICKS_PER_SECOND = 10;
    /** Runs so far: a configuration change stops one run and starts the next (demo1-..., demo2-...). */
    private static final AtomicInteger RUNS = new AtomicInteger();

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

    private ScheduledExecutorService ticker;
    private DemoWorkload workload;

    @Activate
    void activate(Configuration config) {
        if (!config.enabled()) {
            LOG.info("demo workload disabled (configuration {})", PID);
            return;
        }
        if (config.rate() < 1 || config.reportSeconds() < 1) {
            LOG.error("configuration {} rejected: rate must be >= 1 (was {}) and reportSeconds >= 1 (was {}); demo not started",
                    PID, config.rate(), config.reportSeconds());
            return;
        }
        workload = new DemoWorkload(system, "demo" + RUNS.incrementAndGet());
        ticker = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "rota-demo-ticker");
            thread.setDaemon(true);
            return thread;
        });
        int perTick = Math.max(1, config.rate() / TICKS_PER_SECOND);
        ticker.scheduleAtFixedRate(() -> workload.tick(perTick), 0, 1000 / TICKS_PER_SECOND, TimeUnit.MILLISECONDS);
        ticker.scheduleAtFixedRate(new Reporter(workload, system, config.reportSeconds()),
                config.reportSeconds(), config.reportSeconds(), TimeUnit.SECONDS);
        LOG.info("demo workload started on actor system '{}': about {} messages/s", system.name(), config.rate());
    }

    @Deactivate
    void deactivate() throws InterruptedException {
        if (ticker == null) {
            return;
        }
        ticker.shutdownNow();
        ticker.awaitTermination(10, TimeUnit.SECONDS);
        workload.stop();
        LOG.info("demo workload stopped");
    }

    /** Logs what was handled since the last report. */
    private static final class Reporter implements Runnable {
        private final DemoWorkload workload;
        private final ActorSystem system;
        private final int seconds;
        private long roundTrips;
        private long acks;
        private long hot;

        Reporter(DemoWorkload workload, ActorSystem system, int seconds) {
            this.workload = workload;
            this.system = system;
            this.seconds = seconds;
        }

        @Override
        public void run() {
            long r = workload.roundTrips.sum();
            long a = workload.fanOutAcks.sum();
            long h = workload.hotMessages.sum();
            LOG.info("demo: last {} s: {} round trips, {} fan-out acks, {} hot-actor messages; dead letters so far {}",
                    seconds, r - roundTrips, a - acks, h - hot, system.deadLetterCount());
            roundTrips = r;
            acks = a;
            hot = h;
        }
    }
}
