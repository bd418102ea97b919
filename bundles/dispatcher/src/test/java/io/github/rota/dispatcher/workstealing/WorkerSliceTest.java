package io.github.rota.dispatcher.workstealing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.dispatch.Turn;
import io.github.rota.spi.support.TurnObservers;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A busy worker hands control back to its thread's loop every slice, so that no frame of it runs
 * for the pool's whole life: a frame that never returns keeps running code the JIT has retired
 * (see {@link Worker#ROUNDS_PER_SLICE}).
 */
class WorkerSliceTest {

    private final Shared queues = new Shared("slice", new Remote[] {new Remote(0, 256)}, event -> { });
    private final Worker worker = new Worker(new Core(queues.remote(0), queues),
            new TurnRunner("slices", new TurnObservers(fault -> { }), event -> { }),
            WaitStrategy.SPIN_THEN_YIELD, () -> 1);
    private final CallingOwner owner = new CallingOwner(worker);

    @AfterEach
    void close() {
        queues.close();
    }

    @Test
    void aWorkerThatAlwaysHasWorkReturnsToItsThreadAfterOneSlice() {
        BusyActor busy = new BusyActor();
        worker.core().push(busy);

        CompletableFuture<Boolean> slice = CompletableFuture.supplyAsync(() -> worker.runOn(owner));

        await().atMost(Duration.ofSeconds(30)).until(slice::isDone);
        assertThat(slice.join()).as("the worker goes on: its thread must call again").isTrue();
        assertThat(busy.turns.get()).as("turns in one slice").isEqualTo(Worker.ROUNDS_PER_SLICE);

        assertThat(worker.runOn(owner)).isTrue(); // the next slice takes up where this one stopped
        assertThat(busy.turns.get()).isEqualTo(2L * Worker.ROUNDS_PER_SLICE);
    }

    @Test
    void aWorkerStopsWithinItsSliceOnceTheQueuesClose() {
        queues.close();

        assertThat(worker.runOn(owner)).isFalse();
    }

    @Test
    void aWorkerStopsWithinItsSliceOnceItsThreadHandedItOver() {
        owner.current = null; // a blocking turn gave the worker to a spare thread

        assertThat(worker.runOn(owner)).isFalse();
    }

    /** Always has another message: yields after every turn and is queued again. */
    private static final class BusyActor implements Schedulable {
        final AtomicLong turns = new AtomicLong();

        @Override
        public boolean runTurn(Turn turn) {
            turns.incrementAndGet();
            return true;
        }
    }
}
