package io.github.rota.testkit.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.DispatcherConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.RejectedExecutionException;
import org.junit.jupiter.api.Test;

class CallingThreadDispatcherTest {

    private final Dispatcher dispatcher =
            new CallingThreadDispatcherProvider().create(new DispatcherConfig("sys", "test", 32, Map.of()));

    @Test
    void aTurnRunsOnTheSchedulingThreadBeforeScheduleReturns() {
        List<Thread> ran = new ArrayList<>();
        dispatcher.schedule(turn -> {
            ran.add(Thread.currentThread());
            return false;
        });
        assertThat(ran).containsExactly(Thread.currentThread());
    }

    @Test
    void reentrantSchedulesAreQueuedNotRecursed() {
        List<String> log = new ArrayList<>();
        dispatcher.schedule(turn -> {
            log.add("a:start");
            dispatcher.schedule(inner -> {
                log.add("b");
                return false;
            });
            dispatcher.schedule(inner -> {
                log.add("c");
                return false;
            });
            log.add("a:end");
            return false;
        });
        assertThat(log).containsExactly("a:start", "a:end", "b", "c");
    }

    @Test
    void aYieldingTurnRunsAgainAfterThoseAlreadyQueued() {
        List<String> log = new ArrayList<>();
        int[] turnsOfA = {0};
        dispatcher.schedule(turn -> {
            turnsOfA[0]++;
            log.add("a" + turnsOfA[0]);
            if (turnsOfA[0] == 1) {
                dispatcher.schedule(inner -> {
                    log.add("b");
                    return false;
                });
            }
            return turnsOfA[0] < 2;
        });
        assertThat(log).containsExactly("a1", "b", "a2");
    }

    @Test
    void passesTheCurrentBudgetToEachTurn() {
        List<Integer> budgets = new ArrayList<>();
        dispatcher.schedule(turn -> budgets.add(turn.budget()) && false);
        dispatcher.setThroughputBudget(5);
        dispatcher.schedule(turn -> budgets.add(turn.budget()) && false);
        assertThat(budgets).containsExactly(32, 5);
        assertThatThrownBy(() -> dispatcher.setThroughputBudget(0)).isInstanceOf(IllegalArgumentException.class);
        assertThat(dispatcher.throughputBudget()).isEqualTo(5);
    }

    @Test
    void rejectsWorkAfterStop() {
        dispatcher.stop();
        assertThatThrownBy(() -> dispatcher.schedule(turn -> false))
                .isInstanceOf(RejectedExecutionException.class)
                .hasMessageContaining("'test'");
    }
}
