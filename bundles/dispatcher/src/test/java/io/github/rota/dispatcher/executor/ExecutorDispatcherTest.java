package io.github.rota.dispatcher.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.DispatcherConfig;
import io.github.rota.spi.dispatch.SchedulableTask;
import io.github.rota.spi.dispatch.Turn;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ExecutorDispatcherTest {

    private final ExecutorDispatcherProvider provider = new ExecutorDispatcherProvider();
    private Dispatcher dispatcher;

    private Dispatcher create(Map<String, String> properties) {
        dispatcher = provider.create(new DispatcherConfig("sys", "fast", 32, properties));
        dispatcher.start();
        return dispatcher;
    }

    @AfterEach
    void stop() {
        if (dispatcher != null) {
            dispatcher.stop();
        }
    }

    @Test
    void workerThreadsAreNamedAfterSystemAndDispatcher() throws InterruptedException {
        Dispatcher d = create(Map.of("workers", "2"));
        List<String> names = new CopyOnWriteArrayList<>();
        CountDownLatch ran = new CountDownLatch(1);
        d.schedule(turn -> {
            names.add(Thread.currentThread().getName());
            ran.countDown();
            return false;
        });
        assertThat(ran.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(names).singleElement().asString().matches("sys-fast-worker-\\d+");
        assertThat(d.kind()).isEqualTo("executor");
        assertThat(d.id()).isEqualTo("fast");
    }

    @Test
    void anActorThatIsItsOwnTaskIsQueuedAsItselfWithNoAllocationPerScheduling() {
        Dispatcher d = create(Map.of("workers", "1"));
        CountingTask task = new CountingTask();
        int schedulings = 20_000;
        scheduleAndAwait(d, task, 1_000); // the pool's threads and queues exist, the paths are compiled
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();

        long before = threads.getCurrentThreadAllocatedBytes();
        scheduleAndAwait(d, task, schedulings);
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;

        // A wrapper task per scheduling would be at least 24 bytes each: 480,000 bytes.
        assertThat(allocated).as("bytes the scheduling thread allocated for %d schedulings", schedulings)
                .isLessThan(schedulings);
    }

    /** Schedules {@code task} {@code times} times, each once its previous turn has returned. */
    private static void scheduleAndAwait(Dispatcher d, CountingTask task, int times) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        for (int i = 0; i < times; i++) {
            int turns = task.turns;
            d.schedule(task);
            while (task.turns == turns) {
                if (System.nanoTime() > deadline) { // a plain check: an assertion here would allocate
                    throw new AssertionError("turn " + i + " did not run");
                }
                Thread.onSpinWait();
            }
        }
    }

    /** An actor-like schedulable that is its own pool task: it counts its turns and goes idle. */
    @SuppressWarnings("serial")
    private static final class CountingTask extends SchedulableTask {
        volatile int turns;

        @Override
        public boolean runTurn(Turn turn) {
            turns++; // one turn at a time: the test schedules again only once this is seen
            return false;
        }
    }

    @Test
    void aYieldingTurnIsRunAgainUntilItGoesIdle() {
        Dispatcher d = create(Map.of());
        AtomicInteger turns = new AtomicInteger();
        d.schedule(turn -> turns.incrementAndGet() < 5);
        await().untilAtomic(turns, org.hamcrest.Matchers.equalTo(5));
    }

    @Test
    void budgetIsReadOncePerTurnSoAChangeAppliesOnTheNextTurn() throws InterruptedException {
        Dispatcher d = create(Map.of());
        List<Integer> seen = new CopyOnWriteArrayList<>();
        CountDownLatch first = new CountDownLatch(1);
        CountDownLatch changed = new CountDownLatch(1);
        d.schedule(turn -> {
            seen.add(turn.budget());
            if (seen.size() == 1) {
                first.countDown();
                try {
                    changed.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return true;
            }
            return false;
        });
        assertThat(first.await(10, TimeUnit.SECONDS)).isTrue();
        d.setThroughputBudget(7);
        changed.countDown();
        await().until(() -> seen.size() == 2);
        assertThat(seen).containsExactly(32, 7);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1, 1_000_001, Integer.MIN_VALUE, Integer.MAX_VALUE})
    void outOfRangeBudgetIsRejectedAndChangesNothing(int budget) {
        Dispatcher d = create(Map.of());
        assertThatThrownBy(() -> d.setThroughputBudget(budget))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("throughput budget must be in 1..1000000, was " + budget);
        assertThat(d.throughputBudget()).isEqualTo(32);
    }

    @Test
    void budgetBoundsAreAccepted() {
        Dispatcher d = create(Map.of());
        d.setThroughputBudget(1);
        assertThat(d.throughputBudget()).isEqualTo(1);
        d.setThroughputBudget(1_000_000);
        assertThat(d.throughputBudget()).isEqualTo(1_000_000);
    }

    @Test
    void scheduleAfterStopIsRejected() {
        Dispatcher d = create(Map.of());
        d.stop();
        assertThatThrownBy(() -> d.schedule(turn -> false)).isInstanceOf(RejectedExecutionException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-1", "32768", "abc", "", "2147483648"})
    void invalidWorkerCountNamesKeyAndValue(String workers) {
        assertThatThrownBy(() -> provider.create(new DispatcherConfig("sys", "fast", 32, Map.of("workers", workers))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("rota.dispatcher.fast.workers must be")
                .hasMessageContaining(workers.isEmpty() ? "''" : workers);
    }
}
