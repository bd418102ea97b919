package io.github.rota.micrometer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.github.rota.api.Actor;
import io.github.rota.api.ActorMetrics;
import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.DispatcherView;
import io.github.rota.api.Props;
import io.github.rota.api.Settings;
import io.github.rota.api.DispatcherCounter;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.ArrayList;
import java.util.List;
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

        await().until(() -> value(registry.scrape(), "rota_dispatcher_messages_total" + DEFAULT) >= 1_000);
        String scraped = registry.scrape();
        DispatcherView dispatcher = system.dispatcher("default").orElseThrow();

        assertThat(value(scraped, "rota_dispatcher_threads" + DEFAULT)).isEqualTo(dispatcher.stats().workers());
        assertThat(value(scraped, "rota_dispatcher_threads_active" + DEFAULT)).isBetween(0.0, (double) dispatcher.stats().workers());
        assertThat(value(scraped, "rota_dispatcher_turns_total" + DEFAULT)).isPositive();
        assertThat(value(scraped, "rota_dispatcher_queue_size" + DEFAULT)).isGreaterThanOrEqualTo(0.0);
        assertThat(value(scraped, "rota_dispatcher_throughput_budget" + DEFAULT)).isEqualTo(dispatcher.throughputBudget());
        assertThat(value(scraped, "rota_dispatcher_stealoperations_total" + DEFAULT)).isGreaterThanOrEqualTo(0.0);
        assertThat(value(scraped, "rota_dispatcher_budgetyields_total" + DEFAULT)).isGreaterThanOrEqualTo(0.0);
        assertThat(value(scraped, "rota_active_actors{system=\"metered\"}")).isEqualTo(system.status().liveActors());
        assertThat(value(scraped, "rota_dead_letters_total{system=\"metered\"}")).isEqualTo(system.deadLetterCount());
        assertThat(scraped.split("\n")).as("turns and messages have their own meters, not a second copy among the counters")
                .filteredOn(line -> line.startsWith("# HELP rota_dispatcher_turns_total")
                        || line.startsWith("# HELP rota_dispatcher_messages_total"))
                .containsExactlyInAnyOrder("# HELP rota_dispatcher_turns_total Turns run",
                        "# HELP rota_dispatcher_messages_total User messages handled");
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

        double turns = registry.get("rota.dispatcher.turns").tags("system", "metered", "dispatcher", "default", "region", "eu")
                .functionCounter().count();
        assertThat(turns).isPositive().isLessThanOrEqualTo(dispatcher.counter(DispatcherCounter.TURNS));
    }

    @Test
    void theDispatchersTimeInQueueAndTurnsAreTimersUnderTheJmxExportersNamesUntilClosed() {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        ActorSystemMetrics metrics = new ActorSystemMetrics(system);
        metrics.bindTo(registry);
        List<ActorRef<Integer>> actors = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            actors.add(system.spawn(Props.create(() -> (Actor<Integer>) c -> { }), "a" + i));
        }

        await().until(() -> {
            actors.forEach(actor -> actor.tell(0)); // a turn each, one in 64 of them timed
            String scraped = registry.scrape();
            return value(scraped, "rota_dispatcher_turn_seconds_count" + DEFAULT) >= 1
                    && value(scraped, "rota_dispatcher_time_in_queue_seconds_count" + DEFAULT) >= 1;
        });
        String scraped = registry.scrape();
        assertThat(value(scraped, "rota_dispatcher_turn_seconds_sum" + DEFAULT)).isPositive();
        assertThat(value(scraped, "rota_dispatcher_turn_seconds{dispatcher=\"default\",system=\"metered\",quantile=\"0.5\"}"))
                .isNotNegative();
        assertThat(value(scraped, "rota_dispatcher_time_in_queue_seconds{dispatcher=\"default\",system=\"metered\",quantile=\"0.99\"}"))
                .isNotNegative();

        metrics.close();
        DispatcherView dispatcher = system.dispatcher("default").orElseThrow();
        runTurns(actors, dispatcher, 2_000); // a sample taken as it closed has been recorded by now
        double turnsSampled = value(registry.scrape(), "rota_dispatcher_turn_seconds_count" + DEFAULT);
        runTurns(actors, dispatcher, 5_000); // some 80 samples, had it listened
        assertThat(value(registry.scrape(), "rota_dispatcher_turn_seconds_count" + DEFAULT)).as("closed: no more samples")
                .isEqualTo(turnsSampled);
    }

    /** Keeps the actors busy until the dispatcher has run at least {@code turns} more turns. */
    private static void runTurns(List<ActorRef<Integer>> actors, DispatcherView dispatcher, long turns) {
        long until = dispatcher.counter(DispatcherCounter.TURNS) + turns;
        await().pollInterval(java.time.Duration.ofMillis(1)).until(() -> {
            actors.forEach(actor -> actor.tell(0));
            return dispatcher.counter(DispatcherCounter.TURNS) >= until;
        });
    }

    @Test
    void aTrackedActorHasMetersUnderTheNamesOfTheJmxExportersRulesUntilItStops() throws Exception {
        ActorSystem tracking = ActorSystem.create("tracking", Settings.empty().with(Settings.METRICS_ACTORS, "user/orders")
                .with(Settings.METRICS_SAMPLE_INTERVAL, 1));
        try (ActorSystemMetrics metrics = new ActorSystemMetrics(tracking)) {
            PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
            metrics.bindTo(registry);
            metrics.bindTo(registry); // again, by mistake: each sample must still be recorded once
            ActorRef<Integer> orders = tracking.spawn(Props.create(() -> (Actor<Integer>) c -> {
                if (c.message() % 10 == 0) {
                    throw new IllegalStateException("every tenth fails");
                }
            }), "orders");
            tracking.spawn(Props.create(() -> (Actor<Integer>) c -> { }), "inventory");
            metrics.refreshTrackedActors();
            for (int i = 1; i <= 100; i++) {
                orders.tell(i);
            }
            String actor = "{path=\"user/orders\",system=\"tracking\"}";
            await().until(() -> value(registry.scrape(), "rota_actor_processed_messages_total" + actor) == 100);
            String scraped = registry.scrape();

            assertThat(value(scraped, "rota_actor_errors_total" + actor)).isEqualTo(10);
            assertThat(value(scraped, "rota_actor_mailbox_size" + actor)).isZero();
            ActorMetrics tracked = tracking.trackedActors().get(0);
            assertThat(value(scraped, "rota_actor_time_in_mailbox_seconds_count" + actor)).isEqualTo(tracked.sampledMessages()).isPositive();
            assertThat(value(scraped, "rota_actor_processing_time_seconds_count" + actor)).isEqualTo(tracked.sampledMessages());
            assertThat(value(scraped, "rota_actor_processing_time_seconds_sum" + actor) * 1e9)
                    .isCloseTo(tracked.processingNanos(), org.assertj.core.data.Percentage.withPercentage(1));
            assertThat(value(scraped, "rota_actor_time_in_mailbox_seconds{path=\"user/orders\",system=\"tracking\",quantile=\"0.99\"}"))
                    .isNotNegative();
            assertThat(value(scraped, "rota_tracked_actors{system=\"tracking\"}")).isEqualTo(1);
            assertThat(value(scraped, "rota_processed_messages_total{system=\"tracking\"}")).isGreaterThanOrEqualTo(100);
            assertThat(scraped).doesNotContain("user/inventory");

            tracking.stop(orders);
            await().until(() -> {
                metrics.refreshTrackedActors();
                return !registry.scrape().contains("user/orders");
            });
        } finally {
            tracking.terminate().toCompletableFuture().get(30, TimeUnit.SECONDS);
        }
    }

    /** The value of the sample with exactly this name and these labels. */
    private static double value(String scraped, String sample) {
        Matcher line = Pattern.compile("^" + Pattern.quote(sample) + " (\\S+)$", Pattern.MULTILINE).matcher(scraped);
        assertThat(line.find()).as("%s in:%n%s", sample, scraped).isTrue();
        return Double.parseDouble(line.group(1));
    }
}
