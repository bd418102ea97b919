package io.github.rota.itests.distribution;

import static io.github.rota.itests.distribution.Jmx.freePort;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The Prometheus JMX exporter's agent in the running Felix distribution with the rule file it ships
 * ({@code conf/rota-jmx-exporter.yml}), scraped over HTTP as Prometheus would: Rota's MBeans come out
 * under the documented names, labelled by system and dispatcher, with each rule matching one attribute.
 */
class PrometheusIT {

    private static final String DEFAULT = "{dispatcher=\"default\",system=\"rota\"}";

    private UnpackedDistribution rota;

    @AfterEach
    void stopIfStillRunning() throws Exception {
        if (rota != null) {
            rota.stopIfRunning();
        }
    }

    @Test
    void theExporterWithTheShippedRulesServesRotasMetricsUnderTheirDocumentedNames() throws Exception {
        rota = UnpackedDistribution.unpack("prometheus");
        assertThat(rota.home.resolve("conf/rota-jmx-exporter.yml")).exists();
        // As an operator would: track the demo's hot actor.
        Path systemConfig = rota.home.resolve("etc/io.github.rota.system.cfg");
        Files.writeString(systemConfig, Files.readString(systemConfig) + "metrics.actors = user/demo*-hot\n");
        int port = freePort();
        UnpackedDistribution.Result started = rota.rota(Map.of("JAVA_OPTS", "-javaagent:" + System.getProperty("rota.prometheus.agent")
                + "=127.0.0.1:" + port + ":conf/rota-jmx-exporter.yml"), "start");
        assertThat(started.exit()).as(started.output()).isZero();
        URI metrics = URI.create("http://127.0.0.1:" + port + "/metrics");

        String first = scrape(metrics);
        await("the demo's turns counted").atMost(Duration.ofSeconds(30))
                .until(() -> value(scrape(metrics), "rota_dispatcher_turns_total" + DEFAULT) > value(first, "rota_dispatcher_turns_total" + DEFAULT));
        String scraped = scrape(metrics);

        assertThat(value(scraped, "rota_dispatcher_threads" + DEFAULT)).isEqualTo(2.0);
        assertThat(value(scraped, "rota_dispatcher_threads_active" + DEFAULT)).isBetween(0.0, 2.0);
        assertThat(value(scraped, "rota_dispatcher_queue_size" + DEFAULT)).isGreaterThanOrEqualTo(0.0);
        assertThat(value(scraped, "rota_dispatcher_messages_total" + DEFAULT)).isPositive();
        assertThat(value(scraped, "rota_dispatcher_throughput_budget" + DEFAULT)).isEqualTo(32.0);
        assertThat(value(scraped, "rota_dispatcher_stealoperations_total" + DEFAULT)).isGreaterThanOrEqualTo(0.0);
        assertThat(value(scraped, "rota_dispatcher_budgetyields_total" + DEFAULT)).isGreaterThanOrEqualTo(0.0);
        assertThat(value(scraped, "rota_dispatcher_time_in_queue_seconds{dispatcher=\"default\",quantile=\"0.99\",system=\"rota\"}"))
                .as("a second is an eternity for the demo's probes").isBetween(0.0, 1.0);
        assertThat(value(scraped, "rota_active_actors{system=\"rota\"}")).isGreaterThan(100.0);
        assertThat(value(scraped, "rota_dead_letters_total{system=\"rota\"}")).isZero();
        assertThat(value(scraped, "rota_health_level{system=\"rota\"}")).isZero();
        // The exporter reads one MBean after another while the demo runs, and may read the system's
        // total before the dispatcher's count: the total is taken from a later scrape.
        assertThat(value(scrape(metrics), "rota_processed_messages_total{system=\"rota\"}"))
                .isGreaterThanOrEqualTo(value(scraped, "rota_dispatcher_messages_total" + DEFAULT));

        String hot = "{path=\"user/demo1-hot\",system=\"rota\"}";
        await("the hot actor's MBean").atMost(Duration.ofSeconds(30))
                .until(() -> scrape(metrics).contains("rota_actor_processed_messages_total" + hot));
        String before = scrape(metrics);
        await("the hot actor's messages counted").atMost(Duration.ofSeconds(30))
                .until(() -> value(scrape(metrics), "rota_actor_processed_messages_total" + hot)
                        > value(before, "rota_actor_processed_messages_total" + hot));
        String actor = scrape(metrics);
        assertThat(value(actor, "rota_tracked_actors{system=\"rota\"}")).isEqualTo(1.0);
        assertThat(value(actor, "rota_actor_errors_total" + hot)).isZero();
        assertThat(value(actor, "rota_actor_mailbox_size" + hot)).isGreaterThanOrEqualTo(0.0);
        for (String timing : List.of("rota_actor_time_in_mailbox_seconds", "rota_actor_processing_time_seconds")) {
            assertThat(value(actor, timing + "_count" + hot)).isPositive()
                    .isLessThanOrEqualTo(value(actor, "rota_actor_processed_messages_total" + hot));
            assertThat(value(actor, timing + "_sum" + hot)).isPositive();
        }
        for (String quantile : List.of("0.5", "0.99", "1")) {
            String labels = "{path=\"user/demo1-hot\",quantile=\"" + quantile + "\",system=\"rota\"}";
            assertThat(value(actor, "rota_actor_time_in_mailbox_seconds" + labels)).isBetween(0.0, 1.0);
            assertThat(value(actor, "rota_actor_processing_time_seconds" + labels)).isBetween(0.0, 1.0);
        }
        scraped = actor;

        List<String> samples = scraped.lines().filter(line -> line.startsWith("rota_")).toList();
        assertThat(samples).allSatisfy(line -> assertThat(line).contains("system=\"rota\""))
                .noneMatch(line -> line.contains("_objectname")); // a rule that matched more than one attribute
        assertThat(Files.readString(rota.log())).doesNotContain("ERROR");
        assertThat(rota.rota("stop").exit()).isZero();
    }

    private static String scrape(URI uri) throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(uri).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        return response.body();
    }

    /** The value of the sample with exactly this name and these labels. */
    private static double value(String scraped, String sample) {
        Matcher line = Pattern.compile("^" + Pattern.quote(sample) + " (\\S+)$", Pattern.MULTILINE).matcher(scraped);
        assertThat(line.find()).as("%s in:%n%s", sample, scraped).isTrue();
        return Double.parseDouble(line.group(1));
    }
}
