package io.github.rota.micrometer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.github.rota.api.Actor;
import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.DispatcherView;
import io.github.rota.api.Props;
import io.github.rota.api.Settings;
import io.github.rota.spi.dispatch.DispatcherCounter;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The binder on a running system, read through Micrometer's own registries: Prometheus's scrape and the simple one. */
class ActorSystemMetricsTest {

    private static final String DEFAULT = "{dispatcher=\"default\",system=\"metered\"}";

    private final ActorSystem system = ActorSystem.create("metered", Settings.empty());

    @AfterEach
    void terminate() throws Exception {
        system.terminate().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }

    @Test
    void aPrometheusScrapeShowsTheSystemUnderTheNamesOfTheJmxExportersRules() {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        new ActorSystemMetrics(system).bindTo(registry);
        ActorRef<Integer> counted = system.spawn(Props.create(() -> (Actor<Integer>) c -> { }), "counted");
        for (int i = 0; i < 1_000; i++) {
            counted.tell(i);
        }
        ActorRef<Integer> gone = system.spawn(Props.create(() -> (Actor<Integer>) c -> { }), "gone");
        system.stop(gone);
        await().until(() -> {
            gone.tell(0);
            return system.deadLetterCount() > 0;
        });

        await().until(() -> value(registry.scrape(), "rota_executor_messages_total" + DEFAULT) >= 1_000);
        String scraped = registry.scrape();
        DispatcherView dispatcher = system.dispatcher("default").orElseThrow();

        assertThat(value(scraped, "rota_executor_threads" + DEFAULT)).isEqualTo(dispatcher.stats().workers());
        assertThat(value(scraped, "rota_executor_threads_active" + DEFAULT)).isBetween(0.0, (double) dispatcher.stats().workers());
        assertThat(value(scraped, "rota_executor_tasks_completed_total" + DEFAULT)).isPositive();
        assertThat(value(scraped, "rota_executor_queue_size" + DEFAULT)).isGreaterThanOrEqualTo(0.0);
        assertThat(value(scraped, "rota_dispatcher_throughput_budget" + DEFAULT)).isEqualTo(dispatcher.throughputBudget());
        assertThat(value(scraped, "rota_dispatcher_stealoperations_total" + DEFAULT)).isGreaterThanOrEqualTo(0.0);
        assertThat(value(scraped, "rota_dispatcher_budgetyields_total" + DEFAULT)).isGreaterThanOrEqualTo(0.0);
        assertThat(value(scraped, "rota_active_actors{system=\"metered\"}")).isEqualTo(system.status().liveActors());
        assertThat(value(scraped, "rota_dead_letters_total{system=\"metered\"}")).isEqualTo(system.deadLetterCount());
        assertThat(scraped).as("turns and messages are executor metrics, not repeated")
                .doesNotContain("rota_dispatcher_turns_total").doesNotContain("rota_dispatcher_messages_total");
    }

    @Test
    void countersFollowTheDispatcherAndExtraTagsAreAdded() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        new ActorSystemMetrics(system, Tags.of("region", "eu")).bindTo(registry);
        ActorRef<Integer> counted = system.spawn(Props.create(() -> (Actor<Integer>) c -> { }), "counted");
        for (int i = 0; i < 100; i++) {
            counted.tell(i);
        }
        DispatcherView dispatcher = system.dispatcher("default").orElseThrow();
        await().until(() -> dispatcher.counter(DispatcherCounter.MESSAGES) >= 100);

        double turns = registry.get("rota.executor.tasks.completed").tags("system", "metered", "dispatcher", "default", "region", "eu")
                .functionCounter().count();
        assertThat(turns).isPositive().isLessThanOrEqualTo(dispatcher.counter(DispatcherCounter.TURNS));
    }

    /** The value of the sample with exactly this name and these labels. */
    private static double value(String scraped, String sample) {
        Matcher line = Pattern.compile("^" + Pattern.quote(sample) + " (\\S+)$", Pattern.MULTILINE).matcher(scraped);
        assertThat(line.find()).as("%s in:%n%s", sample, scraped).isTrue();
        return Double.parseDouble(line.group(1));
    }
}
