package io.github.rota.testkit.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.DispatcherConfig;
import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.dispatch.TurnObserver;
import java.net.URL;
import java.net.URLClassLoader;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What every dispatcher promises the runtime through the SPI, as tests that a kind's own test class
 * inherits (as JCTools' {@code QueueSanityTest} does for its queues): every scheduling runs once or
 * is handed back by {@link Dispatcher#stop()} once; stop ends at the next turn boundary even under
 * an actor that never goes idle; a stopped dispatcher refuses work; observers see every turn; the
 * budget is validated; and, for a kind with threads of its own, {@code blocking()} keeps the others
 * running and turns get a fixed context class loader. A third-party kind can run them too: extend
 * this class and create the dispatcher under test.
 */
public abstract class DispatcherContract {

    private Dispatcher dispatcher;

    /**
     * {@return a new, not yet started dispatcher of the kind under test; with threads of its own, at
     * least two turns must be able to run at once}
     *
     * @param config id {@code contract}, budget 32, no properties
     */
    protected abstract Dispatcher create(DispatcherConfig config);

    /** {@return whether turns run on the dispatcher's own threads (not on the scheduling thread)} */
    protected boolean runsTurnsOnItsOwnThreads() {
        return true;
    }

    private Dispatcher started() {
        dispatcher = create(new DispatcherConfig("contract-system", "contract", 32, Map.of()));
        dispatcher.start();
        return dispatcher;
    }

    @AfterEach
    void stopTheDispatcher() {
        if (dispatcher != null) {
            dispatcher.stop();
        }
    }

    @Test
    void stopEndsAtTheNextTurnBoundaryEvenWhileAnActorNeverGoesIdle() throws Exception {
        assumeTrue(runsTurnsOnItsOwnThreads(), "turns run on the scheduling thread");
        Dispatcher d = started();
        AtomicLong turns = new AtomicLong();
        Schedulable neverIdle = turn -> {
            turns.incrementAndGet();
            return true; // always more work: yields at the end of every turn
        };
        d.schedule(neverIdle);
        await().until(() -> turns.get() > 100);

        List<Schedulable> handedBack = CompletableFuture.supplyAsync(d::stop).get(20, TimeUnit.SECONDS);
        assertThat(handedBack).as("still scheduled: handed back, once").containsExactly(neverIdle);
        long after = turns.get();
        await().during(Duration.ofMillis(200)).atMost(Duration.ofSeconds(2))
                .until(() -> turns.get() == after); // no turn after stop returned
        assertThat(d.stop()).as("a second stop hands back nothing").isEmpty();
        dispatcher = null;
    }

    @Test
    void everySchedulingRunsOnceOrIsHandedBackOnce() throws Exception {
        Dispatcher d = started();
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

    @Test
    void aStoppedDispatcherRefusesWork() {
        Dispatcher d = started();
        d.stop();
        dispatcher = null;
        assertThatThrownBy(() -> d.schedule(turn -> false)).isInstanceOf(RejectedExecutionException.class)
                .hasMessageContaining("contract");
    }

    @Test
    void anOutOfRangeBudgetIsRefusedAndChangesNothing() {
        Dispatcher d = started();
        d.setThroughputBudget(7);
        assertThatThrownBy(() -> d.setThroughputBudget(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("0");
        assertThatThrownBy(() -> d.setThroughputBudget(Dispatcher.MAX_THROUGHPUT_BUDGET + 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(d.throughputBudget()).isEqualTo(7);
    }

    @Test
    void observersSeeEveryTurnOfTheSameSchedulableWithWhatItReported() {
        Dispatcher d = started();
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

    @Test
    void withEveryThreadInsideBlockingOtherActorsStillGetTurns() throws Exception {
        assumeTrue(runsTurnsOnItsOwnThreads(), "turns run on the scheduling thread");
        Dispatcher d = started();
        CountDownLatch entered = new CountDownLatch(2);
        CountDownLatch release = new CountDownLatch(1);
        LongAdder released = new LongAdder();
        for (int i = 0; i < 2; i++) { // as many as the pool has workers
            d.schedule(blockingTurn(entered, release, released));
        }
        assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
        d.schedule(turn -> {
            release.countDown();
            return false;
        });
        await().atMost(Duration.ofSeconds(20)).until(() -> released.sum() == 2);
    }

    /**
     * A turn that enters {@code blocking()} and waits there, as a handler doing blocking I/O would:
     * it counts down {@code entered}, blocks until {@code release} opens (30 s at most), then counts
     * itself in {@code released}.
     *
     * @param entered counted down as the turn starts
     * @param release what the turn waits for inside {@code blocking()}
     * @param released incremented once the wait ended with {@code release} open
     * @return the turn, to schedule
     */
    public static Schedulable blockingTurn(CountDownLatch entered, CountDownLatch release, LongAdder released) {
        return turn -> {
            entered.countDown();
            try {
                if (turn.blocking(() -> release.await(30, TimeUnit.SECONDS))) {
                    released.increment();
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
            return false;
        };
    }

    @Test
    void turnsRunWithTheSystemClassLoaderAndAnUncaughtExceptionHandlerWhoeverStartedOrFedThePool()
            throws Exception {
        assumeTrue(runsTurnsOnItsOwnThreads(), "turns run on the scheduling thread");
        ClassLoader someBundles = new URLClassLoader(new URL[0], null);
        AtomicReference<ClassLoader> contextLoader = new AtomicReference<>();
        AtomicReference<Thread.UncaughtExceptionHandler> handler = new AtomicReference<>();
        Thread starter = new Thread(() -> {
            Dispatcher d = started(); // threads made now, or on demand by the schedule below
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
