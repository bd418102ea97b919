package io.github.rota.healthcheck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.rota.api.management.ActorSystemHealth;
import io.github.rota.api.management.HealthCheckResult;
import io.github.rota.api.management.HealthStatus;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.felix.hc.api.Result;
import org.apache.felix.hc.api.ResultLog;
import org.junit.jupiter.api.Test;

/** A check reports its verdict as Felix Health Checks' result of the same status, with the reason as its message. */
class SystemCheckTest {

    private final AtomicReference<HealthStatus> starvation = new AtomicReference<>(HealthStatus.OK);
    private final ActorSystemHealth health = new ActorSystemHealth() {
        @Override
        public String system() {
            return "rota";
        }

        @Override
        public List<HealthCheckResult> results() {
            return CHECKS.stream().map(check -> new HealthCheckResult(check,
                    check.equals("starvation") ? starvation.get() : HealthStatus.OK, check + " is " + starvation.get())).toList();
        }
    };

    @Test
    void eachStatusBecomesTheSameFelixStatusWithTheReason() {
        SystemCheck check = new SystemCheck(health, "starvation");

        assertThat(check.execute().getStatus()).isEqualTo(Result.Status.OK);
        starvation.set(HealthStatus.WARN);
        Result warn = check.execute();
        assertThat(warn.getStatus()).isEqualTo(Result.Status.WARN);
        assertThat(warn).extracting(ResultLog.Entry::getMessage).containsExactly("starvation is WARN");
        starvation.set(HealthStatus.CRITICAL);
        assertThat(check.execute().getStatus()).isEqualTo(Result.Status.CRITICAL);
        starvation.set(HealthStatus.OK);
        assertThat(check.execute().isOk()).isTrue();
    }

    @Test
    void anUnknownCheckIsRefusedByName() {
        assertThatThrownBy(() -> new SystemCheck(health, "vibes"))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("no health check named 'vibes'");
    }
}
