package io.github.rota.dispatcher.pinned;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.github.rota.spi.dispatch.DispatcherConfig;
import io.github.rota.spi.dispatch.Schedulable;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class PinnedDispatcherTest {

    private final PinnedDispatcher dispatcher = (PinnedDispatcher) new PinnedDispatcherProvider()
            .create(new DispatcherConfig("sys", "blocking", 32, Map.of("keepAliveMs", "100")));

    @AfterEach
    void stop() {
        dispatcher.stop();
    }

    @Test
    void blockingActorsEachHaveTheirOwnThread() {
        int actors = 5;
        CyclicBarrier allBlockedTogether = new CyclicBarrier(actors);
        Set<String> threads = ConcurrentHashMap.newKeySet();
        AtomicInteger met = new AtomicInteger();
        for (int i = 0; i < actors; i++) {
            dispatcher.schedule(turn -> {
                threads.add(Thread.currentThread().getName());
                try {
                    allBlockedTogether.await(10, TimeUnit.SECONDS); // needs all five threads at once
                    met.incrementAndGet();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                return false;
            });
        }
        await().until(() -> met.get() == actors);
        assertThat(threads).hasSize(actors).allMatch(n -> n.startsWith("sys-blocking-worker-"));
    }

    @Test
    void aYieldingActorKeepsItsThreadAndAnIdleThreadEndsAfterTheKeepAlive() {
        AtomicInteger turns = new AtomicInteger();
        Set<String> threads = ConcurrentHashMap.newKeySet();
        Schedulable actor = turn -> {
            threads.add(Thread.currentThread().getName());
            return turns.incrementAndGet() < 5;
        };
        dispatcher.schedule(actor);
        await().until(() -> turns.get() == 5);
        assertThat(threads).hasSize(1);

        await().until(() -> dispatcher.liveActors() == 0);
        await().until(() -> Thread.getAllStackTraces().keySet().stream().noneMatch(t -> threads.contains(t.getName())));

        dispatcher.schedule(actor);
        await().until(() -> turns.get() == 6);
        assertThat(threads).as("a new thread after the old one ended").hasSize(2);
    }

    @Test
    void stopHandsBackAnActorWaitingForItsTurnAndRefusesNewWork() throws Exception {
        CountDownLatch blocked = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger turns = new AtomicInteger();
        Schedulable actor = turn -> {
            turns.incrementAndGet();
            blocked.countDown();
            try {
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return false;
        };
        dispatcher.schedule(actor);
        assertThat(blocked.await(10, TimeUnit.SECONDS)).isTrue();
        dispatcher.schedule(actor); // scheduled again while its turn runs: waits for the actor
        AtomicReference<List<Schedulable>> unrun = new AtomicReference<>();
        Thread stopper = new Thread(() -> unrun.set(dispatcher.stop()));
        stopper.start();
        await().until(dispatcher::isStopping);
        release.countDown();
        stopper.join(10_000);
        assertThat(unrun.get()).containsExactly(actor);
        assertThat(turns).hasValue(1);
        assertThatThrownBy(() -> dispatcher.schedule(turn -> false)).isInstanceOf(RejectedExecutionException.class);
    }

    @Test
    void invalidKeepAliveNamesKeyAndValue() {
        assertThatThrownBy(() -> new PinnedDispatcherProvider()
                .create(new DispatcherConfig("sys", "blocking", 32, Map.of("keepAliveMs", "0"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("rota.dispatcher.blocking.keepAliveMs must be in 1..3600000, was 0");
    }
}
