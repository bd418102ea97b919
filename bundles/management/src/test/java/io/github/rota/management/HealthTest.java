package io.github.rota.management;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.rota.api.ActorSystem;
import io.github.rota.api.SystemStatus;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The health rules, one sample per call (a second in production), on a system whose status the test sets. */
class HealthTest {

    private final AtomicReference<SystemStatus> status = new AtomicReference<>(status(0, 0));
    private final ActorSystem system = (ActorSystem) Proxy.newProxyInstance(getClass().getClassLoader(),
            new Class<?>[] {ActorSystem.class}, (proxy, method, args) -> switch (method.getName()) {
                case "status" -> status.get();
                case "dispatcher" -> Optional.empty();
                default -> throw new UnsupportedOperationException(method.getName());
            });
    private final Map<String, Double> queueDelays = new HashMap<>();
    private final Health health = new Health(id -> queueDelays.getOrDefault(id, Double.NaN));

    @Test
    void aQuietSystemIsOk() {
        health.sample(system);
        health.sample(system);

        assertThat(health.verdict()).isEqualTo(Health.Verdict.OK);
    }

    @Test
    void moreThanAThousandDeadLettersInAMinuteIsAWarning() {
        health.sample(system);
        status.set(status(1_001, 0));
        health.sample(system);

        assertThat(health.verdict().status()).isEqualTo("WARN");
        assertThat(health.verdict().reason()).isEqualTo("1001 dead letters in the last minute");
    }

    @Test
    void deadLettersOlderThanTheWindowNoLongerCount() {
        status.set(status(5_000, 0));
        for (int second = 0; second <= Health.WINDOW_SECONDS + 1; second++) {
            health.sample(system);
        }

        assertThat(health.verdict()).isEqualTo(Health.Verdict.OK);
    }

    @Test
    void actorsWaitingForAMissingDispatcherForMoreThanFiveSecondsAreCritical() {
        status.set(status(0, 12));
        for (int second = 0; second < Health.WAITING_CRITICAL_SECONDS; second++) {
            health.sample(system);
        }
        assertThat(health.verdict().status()).as("five seconds: a replacement may be on its way").isEqualTo("OK");

        health.sample(system);

        assertThat(health.verdict().status()).isEqualTo("CRITICAL");
        assertThat(health.verdict().reason()).isEqualTo("12 actors have waited 6 s for a dispatcher that is not there");
    }

    @Test
    void aQueueDelayP99AboveATenthOfASecondIsAWarning() {
        queueDelays.put("default", 150_000_000.0);

        health.sample(system);

        assertThat(health.verdict().status()).isEqualTo("WARN");
        assertThat(health.verdict().reason()).isEqualTo("queue delay p99 150 ms on dispatcher 'default'");
    }

    private static SystemStatus status(long deadLetters, int waiting) {
        return new SystemStatus(1, deadLetters, Duration.ofSeconds(1), "default", "unbounded", Set.of("default"), waiting);
    }
}
