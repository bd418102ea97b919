package io.github.rota.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.github.rota.api.Actor;
import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.DispatcherSampleListener;
import io.github.rota.api.Props;
import io.github.rota.api.Settings;
import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.mailbox.MailboxConfig;
import io.github.rota.spi.mailbox.MailboxType;
import io.github.rota.spi.pool.EnvelopePool;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What a metrics binder relies on when it listens to an actor system's dispatchers: time-in-queue
 * probes and turn samples reach every listener, follow a replaced dispatcher, cost nothing once
 * nobody listens, and a failing listener is dropped without harming the others.
 */
class DispatcherSamplingTest {

    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
    private final SampledDispatcher first = new SampledDispatcher("default");
    private final Dispatchers.Bound services = Dispatchers.bound(List.of(first));
    private final DispatcherSampling sampling = new DispatcherSampling(services, scheduler);

    @AfterEach
    void stopScheduler() {
        scheduler.shutdownNow();
    }

    @Test
    void nothingIsSampledUntilSomeoneListensAndNothingAfterTheLastListenerLeaves() {
        assertThat(first.queued()).as("no probe without a listener").isZero();
        assertThat(first.turnListeners).isEmpty();

        Recording listener = new Recording();
        sampling.add(listener);
        await().until(() -> first.queued() == 1);
        assertThat(first.turnListeners).hasSize(1);

        sampling.remove(listener);
        assertThat(first.turnListeners).as("the dispatcher is asked for no more turns").isEmpty();
        first.runOneTurn(); // the probe queued before
        assertThat(listener.timesInQueue).as("a removed listener hears nothing").isEmpty();
    }

    @Test
    void everyListenerGetsTheProbesTimeInQueueAndTheTurnSamplesWithTheDispatcherId() {
        Recording one = new Recording();
        Recording two = new Recording();
        sampling.add(one);
        sampling.add(two);
        sampling.add(one); // added already: not twice
        await().until(() -> first.queued() == 1);

        first.runOneTurn();
        first.turnListeners.forEach(turns -> turns.accept(1_234));

        for (Recording listener : List.of(one, two)) {
            assertThat(listener.timesInQueue).hasSize(1).allSatisfy(sample -> {
                assertThat(sample.id()).isEqualTo("default");
                assertThat(sample.nanos()).isNotNegative();
            });
            assertThat(listener.turns).containsExactly(new Sample("default", 1_234));
        }
    }

    @Test
    void aReplacedDispatcherIsFollowedWithinASecondAndTheOldOneIsLetGo() {
        Recording listener = new Recording();
        sampling.add(listener);
        await().until(() -> first.queued() == 1);

        SampledDispatcher replacement = new SampledDispatcher("default");
        services.bind(replacement);
        await().atMost(3, TimeUnit.SECONDS).until(() -> replacement.turnListeners.size() == 1);
        assertThat(first.turnListeners).isEmpty();
        await().until(() -> replacement.queued() == 1);

        replacement.runOneTurn();
        assertThat(listener.timesInQueue).hasSize(1);
    }

    @Test
    void aDispatcherThatIsUnboundIsLetGoAndSampledAgainWhenItIsBound() {
        sampling.add(new Recording());
        await().until(() -> first.turnListeners.size() == 1);

        services.unbind(first);
        await().atMost(3, TimeUnit.SECONDS).until(() -> first.turnListeners.isEmpty());
        services.bind(first);
        await().atMost(3, TimeUnit.SECONDS).until(() -> first.turnListeners.size() == 1);
    }

    @Test
    void aDispatcherThatFailsAScheduleIsProbedAgainAtTheNextTick() {
        first.failSchedulesWith(new IllegalStateException("a broken dispatcher"));
        sampling.add(new Recording());
        await().until(() -> first.failedSchedules > 0);

        first.failSchedulesWith(null);
        await().atMost(3, TimeUnit.SECONDS).until(() -> first.queued() == 1); // ticking goes on, nothing left outstanding
    }

    @Test
    void aListenerThatThrowsIsRemovedAndTheOthersKeepTheirSamples() {
        DispatcherSampleListener failing = new DispatcherSampleListener() {
            @Override
            public void turn(String dispatcherId, long nanos) {
                throw new NoClassDefFoundError("a meter whose bundle was refreshed"); // an Error, which must not reach the worker
            }
        };
        Recording healthy = new Recording();
        sampling.add(failing);
        sampling.add(healthy);
        await().until(() -> first.turnListeners.size() == 1);

        first.turnListeners.get(0).accept(10);
        first.turnListeners.get(0).accept(20);

        assertThat(healthy.turns).extracting(Sample::nanos).containsExactly(10L, 20L);
        sampling.remove(healthy);
        assertThat(first.turnListeners).as("the failing one was removed: nobody listens").isEmpty();
    }

    @Test
    void aSystemThatTerminatedLetsGoOfItsDispatchersAndTakesNoMoreListeners() throws Exception {
        Map<String, MailboxType> mailboxes = new TreeMap<>();
        Providers.load().mailboxTypes().forEach((id, type) -> mailboxes.put(id, type.configure(new MailboxConfig(id, Map.of()))));
        RotaActorSystem system = new RotaActorSystem("sampling", Settings.empty(), "default", "unbounded",
                Dispatchers.bound(List.of(first)), mailboxes, EnvelopePool.allocating(), false, new RotaEventStream(),
                ActorTracking.OFF);
        system.start();
        system.addDispatcherSampleListener(new Recording());
        await().until(() -> first.turnListeners.size() == 1);

        system.terminate();
        await().until(() -> {
            first.runUntilIdle(); // the guardian's last turns
            return system.whenTerminated().toCompletableFuture().isDone();
        });
        assertThat(first.turnListeners).isEmpty();
        system.addDispatcherSampleListener(new Recording());
        assertThat(first.turnListeners).isEmpty();
    }

    @Test
    void aRunningSystemReportsTimeInQueueAndTurnsOfItsWorkStealingDispatcher() {
        ActorSystem system = ActorSystem.create("sampled", Settings.empty()
                .with("rota.dispatcher.default.kind", "work-stealing")
                .with("rota.dispatcher.default.workers", "2"));
        try {
            Recording listener = new Recording();
            system.addDispatcherSampleListener(listener);
            ActorRef<Integer> counter = system.spawn(Props.create(() -> (Actor<Integer>) context -> { }), "counter");
            await().untilAsserted(() -> {
                for (int i = 0; i < 1_000; i++) {
                    counter.tell(i); // turns, one in 64 of them timed
                }
                assertThat(listener.turns).isNotEmpty();
            });
            await().until(() -> !listener.timesInQueue.isEmpty());
            assertThat(listener.turns).allSatisfy(sample -> assertThat(sample.id()).isEqualTo("default"));
            assertThatThrownBy(() -> system.addDispatcherSampleListener(null)).isInstanceOf(NullPointerException.class);
        } finally {
            system.terminate().toCompletableFuture().join();
        }
    }

    /** One sample as a listener heard it. */
    private record Sample(String id, long nanos) {
    }

    private static final class Recording implements DispatcherSampleListener {
        final List<Sample> timesInQueue = new CopyOnWriteArrayList<>();
        final List<Sample> turns = new CopyOnWriteArrayList<>();

        @Override
        public void timeInQueue(String dispatcherId, long nanos) {
            timesInQueue.add(new Sample(dispatcherId, nanos));
        }

        @Override
        public void turn(String dispatcherId, long nanos) {
            turns.add(new Sample(dispatcherId, nanos));
        }
    }

    /** A manual dispatcher that keeps its turn sample listeners, for the test to feed, and can fail schedules. */
    private static final class SampledDispatcher extends ManualDispatcher {
        final List<LongConsumer> turnListeners = new CopyOnWriteArrayList<>();
        volatile RuntimeException scheduleFault;
        volatile int failedSchedules;

        SampledDispatcher(String id) {
            super(id, 32);
        }

        @Override
        public void addTurnSampleListener(LongConsumer listener) {
            turnListeners.add(listener);
        }

        @Override
        public void removeTurnSampleListener(LongConsumer listener) {
            turnListeners.remove(listener);
        }

        void failSchedulesWith(RuntimeException fault) {
            scheduleFault = fault;
        }

        @Override
        public void schedule(Schedulable schedulable) {
            RuntimeException fault = scheduleFault;
            if (fault != null) {
                failedSchedules++;
                throw fault;
            }
            super.schedule(schedulable);
        }
    }
}
