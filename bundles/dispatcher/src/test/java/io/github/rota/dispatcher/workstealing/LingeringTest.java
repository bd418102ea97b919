package io.github.rota.dispatcher.workstealing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.github.rota.spi.dispatch.DispatcherConfig;
import io.github.rota.api.DispatcherCounter;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Actors that a worker keeps after turns that drained them, while an exchange goes on there. */
class LingeringTest {

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

    @Test
    void aVolleyLingersOnItsWorkerAndNeedsNoSchedulingAfterItsFirstExchange() {
        WorkStealingDispatcher d = create(2);
        int volleys = 100_000;
        AtomicInteger left = new AtomicInteger(volleys);
        CountingActor[] pair = new CountingActor[2];
        pair[0] = new CountingActor(d, self -> {
            if (left.decrementAndGet() > 0) {
                pair[1].tell();
            }
        });
        pair[1] = new CountingActor(d, self -> pair[0].tell());
        pair[0].tell();

        await().until(() -> left.get() == 0);
        await().until(() -> pair[0].isIdle() && pair[1].isIdle()); // let go once the worker looks elsewhere
        assertThat(pair[0].handled()).isEqualTo(volleys);
        assertThat(pair[1].handled()).isEqualTo(volleys - 1);
        // Each hop used to make its receiver ready through the next slot: 200,000 pushes. A worker that
        // leaves the volley (to check the global queue, or preempted long enough for the probe) starts
        // a new exchange with one.
        assertThat(d.counter(DispatcherCounter.NEXT_SLOT_PUSHES)).as("next-slot pushes in %d hops", 2 * volleys - 1)
                .isLessThan(volleys / 20);
    }

    @Test
    void aVolleyOfLingeringActorsDoesNotStarveTheActorInTheNextSlot() {
        // One worker; the pair lingers and volleys for as long as the third has not run; the third
        // waits in the next slot, with nothing in the ring.
        WorkStealingDispatcher d = create(1);
        AtomicInteger volleys = new AtomicInteger();
        CountingActor third = new CountingActor(d, self -> { });
        CountingActor[] pair = new CountingActor[2];
        pair[0] = new CountingActor(d, self -> {
            if (self.handled() == 2) {
                third.tell();
            }
            if (third.handled() == 0 && volleys.incrementAndGet() < 1_000_000) {
                pair[1].tell();
            }
        });
        pair[1] = new CountingActor(d, self -> pair[0].tell());
        pair[0].tell();

        await().until(() -> third.handled() == 1);
        assertThat(volleys.get()).as("volleys before the third ran").isLessThan(100);
    }

    @Test
    void anActorLingeringBehindALongTurnIsLetGoByTheProbeAndRunsOnAnotherWorker() {
        WorkStealingDispatcher d = create(2);
        await().until(() -> d.stats().parkedWorkers() == 2);
        AtomicReference<Thread> longTurnOn = new AtomicReference<>();
        AtomicReference<Boolean> longTurnSawIt = new AtomicReference<>();
        CountingActor[] lingering = new CountingActor[1];
        lingering[0] = new CountingActor(d, self -> {
            if (self.handled() == 1) {
                // Into this worker's next slot: the actor then lingers (an exchange goes on here), and the
                // worker runs the long turn without letting it go.
                d.schedule(turn -> {
                    longTurnOn.set(Thread.currentThread());
                    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
                    while (lingering[0].handled() < 2 && System.nanoTime() < deadline) {
                        Thread.onSpinWait();
                    }
                    longTurnSawIt.set(lingering[0].handled() == 2);
                    return false;
                });
            }
        });
        lingering[0].tell();
        await().until(() -> longTurnOn.get() != null);

        lingering[0].tell(); // the actor is still PROCESSING for its producers: only the probe can free it

        await().until(() -> longTurnSawIt.get() != null);
        assertThat(longTurnSawIt.get()).as("the message to the lingering actor ran during the long turn").isTrue();
        assertThat(lingering[0].lastRanOn()).isNotSameAs(longTurnOn.get());
    }
}
