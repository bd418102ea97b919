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
}
