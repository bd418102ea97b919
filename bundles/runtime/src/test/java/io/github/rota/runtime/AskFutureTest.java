package io.github.rota.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The ask's stage: delivered on the replier's thread, completed anywhere but there. */
class AskFutureTest {

    @Test
    void aThreadWaitingInJoinCompletesItItselfSoItsCallbacksRunThereAndNotOnTheDeliverer() throws Exception {
        AskFuture<Object> future = new AskFuture<>();
        AtomicReference<Thread> callbackRanOn = new AtomicReference<>();
        CompletableFuture<Object> derived = future.thenApply(answer -> {
            callbackRanOn.set(Thread.currentThread());
            return answer;
        });
        AtomicReference<Object> joined = new AtomicReference<>();
        Thread waiter = new Thread(() -> joined.set(future.join()), "waiter");
        waiter.start();
        await().until(() -> waiter.getState() == Thread.State.WAITING); // registered and parked
        Thread deliverer = new Thread(() -> future.deliver("answer", null), "deliverer");
        deliverer.start();
        deliverer.join();
        waiter.join(10_000);
        assertThat(joined.get()).isEqualTo("answer");
        assertThat(derived.get(10, TimeUnit.SECONDS)).isEqualTo("answer");
        assertThat(callbackRanOn.get()).isSameAs(waiter);
    }

    @Test
    void withNobodyWaitingTheCommonPoolCompletesIt() throws Exception {
        AskFuture<Object> future = new AskFuture<>();
        AtomicReference<String> callbackRanOn = new AtomicReference<>();
        CompletableFuture<Object> derived = future.whenComplete((answer, failure) ->
                callbackRanOn.set(Thread.currentThread().getName()));
        future.deliver("answer", null);
        assertThat(derived.get(10, TimeUnit.SECONDS)).isEqualTo("answer");
        assertThat(callbackRanOn.get()).isNotEqualTo(Thread.currentThread().getName()).contains("ForkJoinPool");
    }

    @Test
    void aFailureIsDeliveredAsItIs() {
        AskFuture<Object> future = new AskFuture<>();
        future.deliver(null, new TimeoutException("too slow"));
        assertThatThrownBy(future::get).isInstanceOf(ExecutionException.class)
                .cause().isInstanceOf(TimeoutException.class).hasMessage("too slow");
    }

    @Test
    void aWaitThatTimesOutLeavesTheAnswerToTheNextOne() throws Exception {
        AskFuture<Object> future = new AskFuture<>();
        assertThatThrownBy(() -> future.get(20, TimeUnit.MILLISECONDS)).isInstanceOf(TimeoutException.class);
        future.deliver("late", null);
        assertThat(future.get(10, TimeUnit.SECONDS)).isEqualTo("late");
    }

    @Test
    void anInterruptedWaitThrowsAndDeregisters() throws Exception {
        AskFuture<Object> future = new AskFuture<>();
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread waiter = new Thread(() -> {
            try {
                future.get();
            } catch (Throwable t) {
                thrown.set(t);
            }
        });
        waiter.start();
        await().until(() -> waiter.getState() == Thread.State.WAITING);
        waiter.interrupt();
        waiter.join(10_000);
        assertThat(thrown.get()).isInstanceOf(InterruptedException.class);
        future.deliver("answer", null);
        assertThat(future.get(10, TimeUnit.SECONDS)).isEqualTo("answer");
    }

    @Test
    void joinWithTheInterruptFlagSetWaitsWithoutSpinningAndLeavesTheFlagSet() throws Exception {
        AskFuture<Object> future = new AskFuture<>();
        AtomicReference<Object> joined = new AtomicReference<>();
        AtomicBoolean stillInterrupted = new AtomicBoolean();
        Thread waiter = new Thread(() -> {
            Thread.currentThread().interrupt();
            joined.set(future.join());
            stillInterrupted.set(Thread.currentThread().isInterrupted());
        }, "interrupted-waiter");
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        waiter.start();
        await().until(() -> threads.getThreadCpuTime(waiter.getId()) >= 0);
        long cpuBefore = threads.getThreadCpuTime(waiter.getId());

        // CompletableFuture.join parks through an interrupt and uses no CPU while it waits.
        await().during(Duration.ofMillis(300)).atMost(Duration.ofSeconds(2)).until(
                () -> threads.getThreadCpuTime(waiter.getId()) - cpuBefore < TimeUnit.MILLISECONDS.toNanos(100));
        future.deliver("answer", null);
        waiter.join(10_000);
        assertThat(joined.get()).isEqualTo("answer");
        assertThat(stillInterrupted).as("the interrupt is the caller's: join keeps it for them").isTrue();
    }

    @Test
    void racingDeliveriesAndWaitsAlwaysEndWithTheAnswerAndNeverOnTheDeliverer() throws Exception {
        for (int round = 0; round < 5_000; round++) {
            AskFuture<Object> future = new AskFuture<>();
            AtomicReference<Thread> completedOn = new AtomicReference<>();
            future.whenComplete((answer, failure) -> completedOn.set(Thread.currentThread()));
            Thread deliverer = new Thread(() -> future.deliver(7, null));
            deliverer.start();
            assertThat(future.get(10, TimeUnit.SECONDS)).isEqualTo(7);
            deliverer.join();
            // the whenComplete may still be running on its thread; poll tightly, 5 000 rounds
            await().pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(1))
                    .until(() -> completedOn.get() != null);
            assertThat(completedOn.get()).as("round %d", round).isNotSameAs(deliverer);
        }
    }
}
