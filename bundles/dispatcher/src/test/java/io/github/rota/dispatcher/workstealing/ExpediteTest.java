package io.github.rota.dispatcher.workstealing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.github.rota.spi.dispatch.DispatcherConfig;
import io.github.rota.api.DispatcherCounter;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A turn that keeps sending to an actor it left on its own worker (in the next slot, or lingering)
 * hands that actor to a sibling as soon as the producer asks ({@code expedite}): the sibling steals
 * it from the ring after its hand-off wait (3 µs the first time), instead of it waiting for the turn
 * to end or for the starvation probe, which would move it to the global queue a millisecond later.
 */
class ExpediteTest {

    /** Scenarios run again when the starvation probe moved their actor (see {@link #withoutTheProbe}). */
    private static final int ATTEMPTS = 5;

    private WorkStealingDispatcher dispatcher;

    private WorkStealingDispatcher create(int workers) {
        dispatcher = (WorkStealingDispatcher) new WorkStealingDispatcherProvider().create(
                new DispatcherConfig("sys", "ws", 32, Map.of("workers", Integer.toString(workers))));
        dispatcher.start();
        return dispatcher;
    }

    @AfterEach
    void stop() {
        if (dispatcher != null) {
            dispatcher.stop();
        }
    }

    /** What a scenario saw: the dispatcher, and the threads its producer and its consumer last ran on. */
    private record Run(WorkStealingDispatcher dispatcher, boolean drainedDuringTheTurn, Thread producer, Thread consumer) {
    }

    /**
     * Runs the scenario on a fresh two-worker dispatcher until the starvation probe kept out of it.
     * The producer's turn is a millisecond old before it expedites (it waits for its sibling to park
     * first), so a pause of its thread between leaving the consumer on its worker and expediting it (a
     * collection, a descheduling) can let the probe move the consumer to the global queue first; the
     * scenario's one send from outside is then no longer the only global push. That run proves nothing
     * about expediting and is made again.
     */
    private Run withoutTheProbe(Function<WorkStealingDispatcher, Run> scenario) {
        for (int attempt = 1; ; attempt++) {
            Run run = scenario.apply(create(2));
            if (run.dispatcher().counter(DispatcherCounter.GLOBAL_PUSHES) == 1 || attempt == ATTEMPTS) {
                return run;
            }
            dispatcher.stop();
        }
    }

    /** A flooding turn: spins until {@code done} holds, for 10 s at most. @return whether it held */
    private static boolean keepTurning(BooleanSupplier done) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.onSpinWait();
        }
        return true;
    }

    @Test
    void anActorInTheNextSlotIsStolenBySiblingWhileTheTurnThatFloodsItGoesOn() {
        Run run = withoutTheProbe(d -> {
            AtomicBoolean drainedDuringTheTurn = new AtomicBoolean();
            AtomicReference<Thread> producerThread = new AtomicReference<>();
            CountingActor consumer = new CountingActor(d, self -> { });
            CountingActor producer = new CountingActor(d, self -> {
                producerThread.set(Thread.currentThread());
                // The sibling woken to hand the producer over has given up searching: none would find
                // the next slot stale.
                keepTurning(() -> d.stats().parkedWorkers() == 1);
                consumer.tell(); // idle: it goes into this worker's next slot, and nobody is woken
                d.expedite(consumer); // what the runtime does once enough messages wait for it
                drainedDuringTheTurn.set(keepTurning(() -> consumer.handled() == 1));
            });
            producer.tell();

            await().until(() -> producer.handled() == 1 && consumer.isIdle());
            return new Run(d, drainedDuringTheTurn.get(), producerThread.get(), consumer.lastRanOn());
        });

        assertStolenDuringTheTurn(run);
    }

    @Test
    void aLingeringActorIsLetGoToASiblingWhileTheTurnThatFloodsItGoesOn() {
        Run run = withoutTheProbe(d -> {
            AtomicBoolean drainedDuringTheTurn = new AtomicBoolean();
            AtomicReference<Thread> producerThread = new AtomicReference<>();
            CountingActor[] pair = new CountingActor[2];
            // The producer's first message starts a volley, so the consumer lingers on the producer's
            // worker after its reply; the second floods it and goes on.
            pair[0] = new CountingActor(d, self -> {
                producerThread.set(Thread.currentThread());
                if (self.handled() == 1) {
                    keepTurning(() -> d.stats().parkedWorkers() == 1); // as above: nobody searching
                }
                pair[1].tell();
                if (self.handled() == 2) {
                    d.expedite(pair[1]);
                    drainedDuringTheTurn.set(keepTurning(() -> pair[1].handled() == 2));
                }
            });
            pair[1] = new CountingActor(d, self -> {
                if (self.handled() == 1) {
                    pair[0].tell();
                }
            });
            pair[0].tell();

            await().until(() -> pair[0].handled() == 2 && pair[1].handled() == 2);
            await().until(() -> pair[0].isIdle() && pair[1].isIdle());
            return new Run(d, drainedDuringTheTurn.get(), producerThread.get(), pair[1].lastRanOn());
        });

        assertStolenDuringTheTurn(run);
        assertThat(run.dispatcher().counter(DispatcherCounter.LINGER_RELEASES)).as("the consumer was let go to be stolen").isPositive();
    }

    /** The consumer ran on the sibling while the producer's turn went on, stolen from the ring, the probe kept out. */
    private static void assertStolenDuringTheTurn(Run run) {
        assertThat(run.drainedDuringTheTurn()).as("the consumer ran while the producer's turn went on").isTrue();
        assertThat(run.consumer()).isNotSameAs(run.producer());
        assertThat(run.dispatcher().counter(DispatcherCounter.GLOBAL_PUSHES)).as("the probe kept out of every attempt")
                .isEqualTo(1);
        assertThat(run.dispatcher().counter(DispatcherCounter.ACTORS_STOLEN)).as("stolen from the ring, not rescued by the probe")
                .isEqualTo(1);
    }
}
