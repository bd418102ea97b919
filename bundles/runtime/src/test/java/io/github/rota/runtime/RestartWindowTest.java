package io.github.rota.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.rota.api.SupervisorStrategy;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class RestartWindowTest {

    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final SupervisorStrategy BACKOFF =
            SupervisorStrategy.defaultStrategy().withBackoff(Duration.ofMillis(100), Duration.ofMillis(800), 0);

    @Test
    void eachRestartInARowWaitsTwiceAsLongAsTheOneBeforeUpToTheMax() {
        RestartWindow window = new RestartWindow();
        long now = 0;
        long[] expected = {100, 200, 400, 800, 800, 800};
        for (long delay : expected) {
            long backoff = window.backoffNanos(BACKOFF, now, 0.5);
            assertThat(backoff).isEqualTo(delay * MS);
            now += backoff + 10 * MS; // restarted, then failed again 10 ms later
        }
    }

    @Test
    void aChildThatRanTheMaxWithoutFailingStartsOverAtTheMin() {
        RestartWindow window = new RestartWindow();
        assertThat(window.backoffNanos(BACKOFF, 0, 0)).isEqualTo(100 * MS);
        assertThat(window.backoffNanos(BACKOFF, 110 * MS, 0)).isEqualTo(200 * MS);
        // Restarted at 310 ms; failing 799 ms later is still in a row, 800 ms later is not.
        RestartWindow justShort = new RestartWindow();
        justShort.backoffNanos(BACKOFF, 0, 0);
        justShort.backoffNanos(BACKOFF, 110 * MS, 0);
        assertThat(justShort.backoffNanos(BACKOFF, 310 * MS + 799 * MS, 0)).isEqualTo(400 * MS);
        assertThat(window.backoffNanos(BACKOFF, 310 * MS + 800 * MS, 0)).isEqualTo(100 * MS);
    }

    @Test
    void theRandomFactorStretchesADelayByUpToItsShare() {
        SupervisorStrategy jittered = SupervisorStrategy.defaultStrategy().withBackoff(Duration.ofMillis(100), Duration.ofSeconds(1), 0.5);
        assertThat(new RestartWindow().backoffNanos(jittered, 0, 0)).isEqualTo(100 * MS);
        assertThat(new RestartWindow().backoffNanos(jittered, 0, 0.5)).isEqualTo(125 * MS);
        assertThat(new RestartWindow().backoffNanos(jittered, 0, 1)).isEqualTo(150 * MS);
    }

    @Test
    void withoutABackoffARestartIsAtOnceAndALongRunNeverOverflows() {
        assertThat(new RestartWindow().backoffNanos(SupervisorStrategy.defaultStrategy(), 0, 1)).isZero();
        SupervisorStrategy decade = SupervisorStrategy.defaultStrategy().withBackoff(Duration.ofMillis(1), Duration.ofDays(3650), 1);
        RestartWindow window = new RestartWindow();
        long last = 0;
        for (int i = 0; i < 200; i++) {
            last = window.backoffNanos(decade, i, 1);
            assertThat(last).isPositive();
        }
        assertThat(last).isEqualTo(2 * Duration.ofDays(3650).toNanos());
    }
}
