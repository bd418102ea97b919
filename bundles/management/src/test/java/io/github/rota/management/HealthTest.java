package io.github.rota.management;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.rota.api.ActorSystem;
import io.github.rota.api.DispatcherView;
import io.github.rota.api.SystemStatus;
import io.github.rota.api.management.ActorSystemHealth;
import io.github.rota.api.management.HealthCheckResult;
import io.github.rota.api.management.HealthStatus;
import io.github.rota.api.DispatcherCounter;
import io.github.rota.api.DispatcherStats;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The health checks, one sample per call (a second in production), on a system whose status and dispatcher the test sets. */
class HealthTest {

    private final AtomicReference<SystemStatus> status = new AtomicReference<>(status(0, 0));
    private final AtomicReference<DispatcherStats> stats = new AtomicReference<>(stats(1, 0, 0, 0));
    /** The dispatcher serving "default" now: {@link #replaceDispatcher()} puts in another instance. */
    private final AtomicReference<DispatcherView> dispatcher = new AtomicReference<>(newDispatcher());
    private final ActorSystem system = (ActorSystem) Proxy.newProxyInstance(getClass().getClassLoader(),
            new Class<?>[] {ActorSystem.class}, (proxy, method, args) -> switch (method.getName()) {
                case "status" -> status.get();
                case "dispatcher" -> Optional.of(dispatcher.get());
                default -> throw new UnsupportedOperationException(method.getName());
            });
    private final Map<String, Double> queueDelays = new HashMap<>();
    private final Health health = new Health("rota", id -> queueDelays.getOrDefault(id, Double.NaN));

    @Test
    void aQuietSystemIsOkInEveryCheckInTheirOrder() {
        health.sample(system);
        health.sample(system);

        assertThat(health.results()).extracting(HealthCheckResult::check).isEqualTo(ActorSystemHealth.CHECKS);
        assertThat(health.results()).extracting(HealthCheckResult::status).containsOnly(HealthStatus.OK);
        assertThat(health.verdict()).isEqualTo(new Health.Verdict("OK", "all well"));
        assertThat(result("dead-letters").reason()).isEqualTo("0 dead letters in the last 1 s (warn at 1000, critical at 100000)");
    }

    @Test
    void actorsWaitingForAMissingDispatcherWarnAfterASecondAndAreCriticalAfterFive() {
        status.set(status(0, 12));
        health.sample(system);
        assertThat(result("dispatcher-missing").status()).as("first seen waiting: 0 s").isEqualTo(HealthStatus.OK);
        health.sample(system);
        assertThat(result("dispatcher-missing").status()).isEqualTo(HealthStatus.WARN);
        for (int second = 2; second < 5; second++) {
            health.sample(system);
        }
        assertThat(result("dispatcher-missing").status()).as("four seconds: a replacement may be on its way").isEqualTo(HealthStatus.WARN);

        health.sample(system);

        assertThat(result("dispatcher-missing")).isEqualTo(new HealthCheckResult("dispatcher-missing", HealthStatus.CRITICAL,
                "12 actors have waited 5 s for a dispatcher that is not there (warn at 1 s, critical at 5 s)"));
        assertThat(health.verdict().status()).isEqualTo("CRITICAL");

        status.set(status(0, 0));
        health.sample(system);
        assertThat(result("dispatcher-missing").status()).isEqualTo(HealthStatus.OK);
    }

    @Test
    void starvationReportsInTheWindowWarnAndManyAreCritical() {
        health.sample(system);
        stats.set(stats(1, 0, 0, 1));
        health.sample(system);
        assertThat(result("starvation").status()).isEqualTo(HealthStatus.WARN);
        assertThat(result("starvation").reason()).startsWith("1 turns stuck longer than the starvation threshold in the last 1 s");

        stats.set(stats(1, 0, 0, 11));
        health.sample(system);
        assertThat(result("starvation").status()).isEqualTo(HealthStatus.CRITICAL);
    }

    @Test
    void deadLettersOlderThanTheWindowNoLongerCount() {
        health.sample(system);
        status.set(status(1_000, 0));
        health.sample(system);
        assertThat(result("dead-letters").status()).isEqualTo(HealthStatus.WARN);
        status.set(status(101_000, 0));
        health.sample(system);
        assertThat(result("dead-letters").status()).isEqualTo(HealthStatus.CRITICAL);

        for (int second = 0; second < 60; second++) {
            health.sample(system);
        }

        assertThat(result("dead-letters").status()).isEqualTo(HealthStatus.OK);
    }

    @Test
    void theQueueDelayP99OfTheWindowWarnsAtATenthOfASecondAndIsCriticalAtOne() {
        queueDelays.put("default", 150_000_000.0);
        health.sample(system);
        assertThat(result("queue-delay")).isEqualTo(new HealthCheckResult("queue-delay", HealthStatus.WARN,
                "queue delay p99 150 ms on dispatcher 'default' over 1 probes (warn at 100 ms, critical at 1000 ms)"));

        queueDelays.put("default", 2e9);
        health.sample(system);
        assertThat(result("queue-delay").status()).isEqualTo(HealthStatus.CRITICAL);

        queueDelays.put("default", 1e6);
        for (int second = 0; second < 59; second++) {
            health.sample(system);
        }
        assertThat(result("queue-delay").status()).as("the slowest probe is still in the window").isEqualTo(HealthStatus.CRITICAL);
        health.sample(system);
        assertThat(result("queue-delay").status()).isEqualTo(HealthStatus.OK);
    }

    @Test
    void aDispatcherWhoseWorkersNeverParkIsSaturated() {
        stats.set(stats(2, 0, 100, 0));
        for (int second = 0; second < 30; second++) {
            health.sample(system);
        }
        assertThat(result("saturation").status()).as("29 s: the first sample has nothing to compare with").isEqualTo(HealthStatus.OK);
        health.sample(system);
        assertThat(result("saturation")).isEqualTo(new HealthCheckResult("saturation", HealthStatus.WARN,
                "no worker of dispatcher 'default' has parked for 30 s (warn at 30 s, critical at 300 s)"));

        stats.set(stats(2, 0, 101, 0));
        health.sample(system);
        assertThat(result("saturation").status()).as("a worker parked and woke within the second").isEqualTo(HealthStatus.OK);
    }

    @Test
    void aReplacedDispatcherWhoseCountersStartAgainNeitherHidesNorInventsStarvation() {
        stats.set(stats(1, 0, 0, 5));
        health.sample(system);
        replaceDispatcher();
        stats.set(stats(1, 0, 0, 0));
        health.sample(system);
        assertThat(result("starvation").reason()).startsWith("0 turns stuck");

        stats.set(stats(1, 0, 0, 1));
        health.sample(system);

        assertThat(result("starvation").reason()).startsWith("1 turns stuck");
        assertThat(result("starvation").status()).isEqualTo(HealthStatus.WARN);
    }

    @Test
    void saturationStartsAgainWithAReplacedDispatcher() {
        stats.set(stats(2, 0, 100, 0));
        for (int second = 0; second <= 30; second++) {
            health.sample(system);
        }
        assertThat(result("saturation").status()).isEqualTo(HealthStatus.WARN);

        replaceDispatcher();
        health.sample(system);

        assertThat(result("saturation").status()).isEqualTo(HealthStatus.OK);
    }

    @Test
    void aDispatcherKindThatDoesNotParkIsNeverSaturated() {
        stats.set(new DispatcherStats(2, 0, 0, List.of(), Map.of()));
        for (int second = 0; second < 400; second++) {
            health.sample(system);
        }
        assertThat(result("saturation").status()).isEqualTo(HealthStatus.OK);
    }

    @Test
    void aDeepSharedQueueIsABacklog() {
        stats.set(new DispatcherStats(2, 2, 10_000, List.of(), Map.of(DispatcherCounter.PARKS, 5L)));
        health.sample(system);
        assertThat(result("backlog").status()).isEqualTo(HealthStatus.WARN);
        assertThat(health.verdict()).isEqualTo(new Health.Verdict("WARN",
                "10000 actors waiting in the shared queue of dispatcher 'default' (warn at 10000, critical at 100000)"));
    }

    @Test
    void thresholdsApplyFromTheNextSample() {
        health.thresholds(HealthThresholds.from(Map.of("windowSeconds", "5", "deadLettersWarn", "10", "deadLettersCritical", "20")));
        health.sample(system);
        status.set(status(10, 0));
        health.sample(system);
        assertThat(result("dead-letters").reason()).isEqualTo("10 dead letters in the last 1 s (warn at 10, critical at 20)");
        assertThat(result("dead-letters").status()).isEqualTo(HealthStatus.WARN);

        for (int second = 0; second < 5; second++) {
            health.sample(system);
        }
        assertThat(result("dead-letters").status()).as("five seconds later, out of the window").isEqualTo(HealthStatus.OK);
    }

    private void replaceDispatcher() {
        dispatcher.set(newDispatcher());
    }

    private DispatcherView newDispatcher() {
        return (DispatcherView) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {DispatcherView.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "stats" -> stats.get();
                    case "equals" -> proxy == args[0];
                    case "hashCode" -> System.identityHashCode(proxy);
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }

    private HealthCheckResult result(String check) {
        return health.results().get(ActorSystemHealth.CHECKS.indexOf(check));
    }

    private static SystemStatus status(long deadLetters, int waiting) {
        return new SystemStatus(1, deadLetters, Duration.ofSeconds(1), "default", "unbounded", Set.of("default"), waiting);
    }

    private static DispatcherStats stats(int workers, int parked, long parks, long starvationReports) {
        return new DispatcherStats(workers, parked, 0, List.of(),
                Map.of(DispatcherCounter.PARKS, parks, DispatcherCounter.STARVATION_REPORTS, starvationReports));
    }
}
