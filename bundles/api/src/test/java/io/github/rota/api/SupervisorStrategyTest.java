package io.github.rota.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class SupervisorStrategyTest {

    @Test
    void theDefaultRestartsOnAnyFailureWithoutLimit() {
        SupervisorStrategy strategy = SupervisorStrategy.defaultStrategy();
        assertThat(strategy.decide(new IllegalStateException())).isEqualTo(Directive.RESTART);
        assertThat(strategy.decide(new Error())).isEqualTo(Directive.RESTART);
        assertThat(strategy.maxRestarts()).isEqualTo(-1);
    }

    @Test
    void theDeciderChoosesPerExceptionAndNullMeansEscalate() {
        SupervisorStrategy strategy = SupervisorStrategy.oneForOne(
                e -> e instanceof IllegalArgumentException ? Directive.RESUME : null);
        assertThat(strategy.decide(new IllegalArgumentException())).isEqualTo(Directive.RESUME);
        assertThat(strategy.decide(new IllegalStateException())).isEqualTo(Directive.ESCALATE);
    }

    @Test
    void restartLimitsAreValidated() {
        SupervisorStrategy strategy = SupervisorStrategy.defaultStrategy();
        assertThat(strategy.withMaxRestarts(3, Duration.ofSeconds(10)).maxRestarts()).isEqualTo(3);
        assertThatThrownBy(() -> strategy.withMaxRestarts(-1, Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("maxRestarts must be >= 0, was -1");
        assertThatThrownBy(() -> strategy.withMaxRestarts(1, Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("restart window must be positive, was PT0S");
        assertThatThrownBy(() -> SupervisorStrategy.oneForOne(null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void aBackoffIsValidatedAndKeepsTheDeciderAndTheLimit() {
        SupervisorStrategy limited = SupervisorStrategy.oneForOne(e -> Directive.RESUME).withMaxRestarts(3, Duration.ofSeconds(10));
        SupervisorStrategy backoff = limited.withBackoff(Duration.ofMillis(100), Duration.ofSeconds(5), 0.2);
        assertThat(backoff.minBackoff()).isEqualTo(Duration.ofMillis(100));
        assertThat(backoff.maxBackoff()).isEqualTo(Duration.ofSeconds(5));
        assertThat(backoff.randomFactor()).isEqualTo(0.2);
        assertThat(backoff.maxRestarts()).isEqualTo(3);
        assertThat(backoff.decide(new IllegalStateException())).isEqualTo(Directive.RESUME);
        assertThat(backoff.withMaxRestarts(5, Duration.ofMinutes(1)).minBackoff()).as("kept by a later limit").isEqualTo(Duration.ofMillis(100));
        assertThat(backoff).hasToString("OneForOne(max 3 restarts within PT10S, back-off PT0.1S..PT5S, random factor 0.2)");
        assertThat(SupervisorStrategy.defaultStrategy().minBackoff()).isZero();

        assertThatThrownBy(() -> limited.withBackoff(Duration.ZERO, Duration.ofSeconds(1), 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("minBackoff must be positive, was PT0S");
        assertThatThrownBy(() -> limited.withBackoff(Duration.ofSeconds(2), Duration.ofSeconds(1), 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("maxBackoff must be at least minBackoff (PT2S), was PT1S");
        assertThatThrownBy(() -> limited.withBackoff(Duration.ofSeconds(1), Duration.ofSeconds(1), -0.1))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("randomFactor must be in 0..1, was -0.1");
        assertThatThrownBy(() -> limited.withBackoff(Duration.ofSeconds(1), Duration.ofSeconds(1), Double.NaN))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("randomFactor must be in 0..1, was NaN");
        assertThatThrownBy(() -> limited.withBackoff(null, Duration.ofSeconds(1), 0)).isInstanceOf(NullPointerException.class);
    }
}
