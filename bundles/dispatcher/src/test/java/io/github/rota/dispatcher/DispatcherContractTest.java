package io.github.rota.dispatcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.github.rota.dispatcher.executor.ExecutorDispatcherProvider;
import io.github.rota.dispatcher.pinned.PinnedDispatcherProvider;
import io.github.rota.dispatcher.workstealing.WorkStealingDispatcherProvider;
import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.DispatcherConfig;
import io.github.rota.spi.dispatch.DispatcherProvider;
import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.dispatch.TurnObserver;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What every dispatcher kind promises through the SPI: stop, hand-back, blocking, turn observers. */
class DispatcherContractTest {

    private static final Map<String, DispatcherProvider> KINDS = Map.of(
            "work-stealing", new WorkStealingDispatcherProvider(),
            "executor", new ExecutorDispatcherProvider(),
            "pinned", new PinnedDispatcherProvider());

    private Dispatcher dispatcher;

    private Dispatcher create(String kind) {
        Map<String, String> properties = kind.equals("pinned") ? Map.of() : Map.of("workers", "2");
        dispatcher = KINDS.get(kind).create(new DispatcherConfig("sys", "contract", 32, properties));
        dispatcher.start();
        return dispatcher;
    }

    @AfterEach
    void stop() {
        if (dispatcher != null) {
            dispatcher.stop();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"work-stealing", "executor", "pinned"})
    void stopEndsAtTheNextTurnBoundaryEvenWhileAnActorNeverGoesIdle(String kind) throws Exception {
        Dispatcher d = create(kind);
        AtomicLong turns = new AtomicLong();
        Schedulable neverIdle = turn -> {
            turns.incrementAndGet();
            return true; // always more work: yields at the end of every turn
        };
        d.schedule(neverIdle);
        await().until(() -> turns.get() > 100);

        CompletableFuture<List<Schedulable>> stopped = CompletableFuture.supplyAsync(d::stop);
        List<Schedulable> handedBack = stopped.get(20, TimeUnit.SECONDS);
        assertThat(handedBack).as("still scheduled: handed back, once").containsExactly(neverIdle);
        long after = turns.get();
        await().during(Duration.ofMillis(200)).atMost(Duration.ofSeconds(2))
                .until(() -> turns.get() == after); // no turn after stop returned
        assertThat(d.stop()).as("a second stop hands back nothing").isEmpty();
        dispatcher = null;
    }

    @ParameterizedTest
    @ValueSource(strings = {"work-stealing", "executor", "pinned"})
    void everyScheduledActorEitherRunsOrIsHandedBackExactlyOnce(String kind) throws Exception {
        Dispatcher d = create(kind);
        int count = 2_000;
        Set<Schedulable> ran = ConcurrentHashMap.newKeySet();
        LongAdder runs = new LongAdder();
        List<Schedulable> all = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Schedulable[] self = new Schedulable[1];
            self[0] = turn -> {
                ran.add(self[0]);
                runs.increment();
                return false;
            };
            all.add(self[0]);
        }
        Thread producer = new Thread(() -> all.forEach(d::schedule));
        producer.start();
        producer.join();
        List<Schedulable> handedBack = d.stop();
        dispatcher = null;

        assertThat(runs.sum()).as("each ran at most once").isEqualTo(ran.size());
        Set<Schedulable> accounted = new HashSet<>(ran);
        for (Schedulable s : handedBack) {
            assertThat(accounted.add(s)).as("handed back and ran, or handed back twice").isTrue();
        }
        assertThat(accounted).hasSize(count);
    }

    @ParameterizedTest
    @ValueSource(strings = {"work-stealing", "executor", "pinned"})
    void withEveryThreadInsideBlockingOtherActorsStillGetTurns(String kind) throws Exception {
        Dispatcher d = create(kind);
        CountDownLatch entered = new CountDownLatch(2);
        CountDownLatch release = new CountDownLatch(1);
        LongAdder released = new LongAdder();
        for (int i = 0; i < 2; i++) { // as many as the pool has workers
            d.schedule(BlockingTurn.until(entered, release, released));
        }
        assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
        d.schedule(turn -> {
            release.countDown();
            return false;
        });
        await().atMost(Duration.ofSeconds(20)).until(() -> released.sum() == 2);
    }

    @ParameterizedTest
    @ValueSource(strings = {"work-stealing", "executor", "pinned"})
    void observersSeeEveryTurnOfTheSameSchedulableWithWhatItReported(String kind) {
        Dispatcher d = create(kind);
        Set<Schedulable> observed = ConcurrentHashMap.newKeySet();
        LongAdder turnsSeen = new LongAdder();
        LongAdder messagesSeen = new LongAdder();
        d.observeTurns(new TurnObserver() {
            @Override
            public void turnStarting(Schedulable schedulable) {
                observed.add(schedulable);
            }

            @Override
            public void turnEnded(Schedulable schedulable, int messagesHandled) {
                turnsSeen.increment();
                messagesSeen.add(messagesHandled);
            }
        });
        AtomicInteger left = new AtomicInteger(10);
        Schedulable actor = turn -> {
            turn.messagesHandled(3);
            return left.decrementAndGet() > 0;
        };
        d.schedule(actor);
        await().until(() -> turnsSeen.sum() == 10);
        assertThat(observed).containsExactly(actor);
        assertThat(messagesSeen.sum()).isEqualTo(30);
    }

    @ParameterizedTest
    @ValueSource(strings = {"work-stealing", "executor", "pinned"})
    void turnsRunWithTheSystemClassLoaderAndAnUncaughtExceptionHandlerWhoeverStartedOrFedThePool(String kind)
            throws Exception {
        ClassLoader someBundles = new java.net.URLClassLoader(new java.net.URL[0], null);
        AtomicReference<ClassLoader> contextLoader = new AtomicReference<>();
        AtomicReference<Thread.UncaughtExceptionHandler> handler = new AtomicReference<>();
        Thread starter = new Thread(() -> {
            Dispatcher d = create(kind); // threads made now, or on demand by the schedule below
            d.schedule(turn -> {
                contextLoader.set(Thread.currentThread().getContextClassLoader());
                handler.set(Thread.currentThread().getUncaughtExceptionHandler());
                return false;
            });
        });
        starter.setContextClassLoader(someBundles); // as an SCR or ConfigAdmin thread in OSGi would have
        starter.start();
        starter.join();
        await().until(() -> contextLoader.get() != null);
        assertThat(contextLoader.get()).isSameAs(ClassLoader.getSystemClassLoader());
        assertThat(handler.get()).as("its own, not the thread group's").isNotInstanceOf(ThreadGroup.class);
    }
}
