package io.github.rota.management;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.DispatcherConfig;
import io.github.rota.spi.dispatch.DispatcherProvider;
import io.github.rota.spi.dispatch.Turn;
import java.lang.management.ManagementFactory;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.atomic.AtomicInteger;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The Dropwizard view: gauges over the counters, sampled turn lengths, probed queue delay, all in JMX. */
class DropwizardMetricsTest {

    private final MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    private final Dispatcher dispatcher = ServiceLoader.load(DispatcherProvider.class).stream()
            .map(ServiceLoader.Provider::get).filter(p -> p.kind().equals("work-stealing")).findFirst().orElseThrow()
            .create(new DispatcherConfig("metrics", "default", 32, Map.of("workers", "2")));
    private final DropwizardMetrics metrics = new DropwizardMetrics("metrics");

    DropwizardMetricsTest() {
        dispatcher.start();
        metrics.dispatcher(dispatcher);
    }

    @AfterEach
    void tearDown() {
        metrics.close();
        dispatcher.stop();
    }

    @Test
    void countersAreGaugesAndTurnLengthsAndQueueDelayAreSampledHistogramsInJmx() throws Exception {
        AtomicInteger turns = new AtomicInteger();
        for (int i = 0; i < 1_280; i++) {
            dispatcher.schedule((Turn turn) -> {
                turns.incrementAndGet();
                return false;
            });
        }
        await().until(() -> turns.get() == 1_280);
        metrics.tick();

        await().until(() -> metrics.registry().histogram("metrics.dispatcher.default.queueDelayNanos").getCount() == 1);
        long sampled = metrics.registry().histogram("metrics.dispatcher.default.turnNanos").getCount();
        assertThat(sampled).as("about one turn in 64").isBetween(10L, 1_280L / 64 + 2);
        assertThat(metrics.registry().getGauges()).containsKeys("metrics.dispatcher.default.turns",
                "metrics.dispatcher.default.stealOperations", "metrics.dispatcher.default.throughputBudget");
        ObjectName turnsGauge = new ObjectName("io.github.rota.metrics:name=metrics.dispatcher.default.turns,type=gauges");
        assertThat((Long) server.getAttribute(turnsGauge, "Value")).isGreaterThanOrEqualTo(1_280);

        metrics.removeDispatcher("default");

        assertThat(server.isRegistered(turnsGauge)).isFalse();
        assertThat(metrics.registry().getMetrics()).isEmpty();
    }
}
