package io.github.rota.dispatcher.metering;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.github.rota.dispatcher.executor.ExecutorDispatcherProvider;
import io.github.rota.dispatcher.pinned.PinnedDispatcherProvider;
import io.github.rota.dispatcher.workstealing.WorkStealingDispatcherProvider;
import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.DispatcherConfig;
import io.github.rota.spi.dispatch.Schedulable;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;

class MeteringDispatcherTest {

    private final DispatcherConfig config = new DispatcherConfig("sys", "metered", 32, Map.of("workers", "2"));
    private final Dispatcher inner = new ExecutorDispatcherProvider().create(config);
    private final MeteringDispatcher metered = (MeteringDispatcher) new MeteringDecorator().decorate(inner, config);

    @Test
    void countsTurnsMessagesAndTimeAndDelegatesTheRest() {
        metered.start();
        AtomicInteger turns = new AtomicInteger();
        metered.schedule(turn -> {
            turn.messagesHandled(turn.budget());
            return turns.incrementAndGet() < 3; // yields twice, so three turns for one scheduling
        });
        await().until(() -> metered.turns() == 3);
        assertThat(metered.messages()).isEqualTo(96);
        assertThat(metered.timeInTurns()).isPositive();
        assertThat(metered.kind()).isEqualTo("executor");
        assertThat(metered.id()).isEqualTo("metered");
        metered.setThroughputBudget(7);
        assertThat(inner.throughputBudget()).isEqualTo(7);
        assertThat(metered.stop()).isEmpty();
    }

    @Test
    void whatStopHandsBackIsTheSchedulablesThemselves() throws Exception {
        Dispatcher workStealing = new WorkStealingDispatcherProvider()
                .create(new DispatcherConfig("sys", "metered-ws", 32, Map.of("workers", "1")));
        MeteringDispatcher wrapped = (MeteringDispatcher) new MeteringDecorator().decorate(workStealing, config);
        wrapped.start();
        CountDownLatch blocked = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        wrapped.schedule(turn -> {
            blocked.countDown();
            try {
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return false;
        });
        assertThat(blocked.await(10, TimeUnit.SECONDS)).isTrue();
        Schedulable waiting = turn -> false;
        wrapped.schedule(waiting);
        wrapped.signalStop(); // the worker ends after its current turn, leaving `waiting` queued
        release.countDown();
        List<Schedulable> unrun = wrapped.stop();
        assertThat(unrun).containsExactly(waiting);
    }

    @Test
    void overThePinnedKindAnActorKeepsItsOneThreadHoweverOftenItIsScheduled() {
        Dispatcher pinned = new PinnedDispatcherProvider().create(new DispatcherConfig("sys", "metered-pinned", 32, Map.of()));
        MeteringDispatcher wrapped = (MeteringDispatcher) new MeteringDecorator().decorate(pinned, config);
        wrapped.start();
        try {
            Set<String> threads = ConcurrentHashMap.newKeySet();
            AtomicInteger turns = new AtomicInteger();
            Schedulable actor = turn -> {
                threads.add(Thread.currentThread().getName());
                turns.incrementAndGet();
                return false;
            };
            for (int i = 1; i <= 200; i++) {
                wrapped.schedule(actor); // one scheduling at a time, as an actor's state machine allows
                int expected = i;
                await().pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(1))
                        .until(() -> turns.get() == expected);
            }
            assertThat(threads).as("threads the actor ran on").hasSize(1);
            assertThat(wrapped.turns()).isEqualTo(200);
        } finally {
            wrapped.stop();
        }
    }

    @Test
    void turnSamplingReachesTheWrappedDispatcherSoTurnHistogramsStayOnUnderMetering() {
        Dispatcher workStealing = new WorkStealingDispatcherProvider()
                .create(new DispatcherConfig("sys", "sampled", 32, Map.of("workers", "1")));
        MeteringDispatcher wrapped = (MeteringDispatcher) new MeteringDecorator().decorate(workStealing, config);
        wrapped.start();
        try {
            LongAdder samples = new LongAdder();
            wrapped.addTurnSampleListener(nanos -> samples.increment());
            for (int i = 0; i < 640; i++) {
                wrapped.schedule(turn -> false);
            }
            await().until(() -> wrapped.turns() == 640);
            assertThat(samples.sum()).as("about one turn in 64 is timed").isPositive();
        } finally {
            wrapped.stop();
        }
    }
}
