package io.github.rota.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.dispatch.Turn;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import org.junit.jupiter.api.Test;

/**
 * The slot is the one place that decides a refusal: on each route (a schedule, the drain of the
 * work waiting for a dispatcher) a bound dispatcher that refuses has refused for good, once, and one
 * that refuses while it is being replaced has not. Unbinding only takes a dispatcher out of service;
 * what it had queued comes back when its owner stops it.
 */
class DispatcherSlotTest {

    private final List<RuntimeException> refusals = new ArrayList<>();
    private final DispatcherSlot<RecordingSchedulable> slot =
            new DispatcherSlot<>("slot", (work, cause) -> refusals.add(cause));

    @Test
    void aStoppedDispatcherThatIsStillBoundRefusesForGoodAndTheSchedulableIsToldOnce() {
        ManualDispatcher stopped = new ManualDispatcher("slot", 5);
        stopped.stop();
        slot.bind(stopped);
        RecordingSchedulable work = new RecordingSchedulable();

        slot.schedule(work);

        assertThat(refusals).singleElement().isInstanceOf(RejectedExecutionException.class);
        assertThat(slot.waiting()).isZero();
    }

    @Test
    void workWaitingForADispatcherIsToldWhenTheOneThatAppearsRefusesIt() {
        RecordingSchedulable work = new RecordingSchedulable();
        slot.schedule(work);
        assertThat(slot.waiting()).isOne();
        ManualDispatcher stopped = new ManualDispatcher("slot", 5);
        stopped.stop();

        slot.bind(stopped);

        assertThat(refusals).singleElement().isInstanceOf(RejectedExecutionException.class);
        assertThat(slot.waiting()).isZero();
    }

    @Test
    void aDispatcherThatFailsWhileWaitingWorkIsDrainedStillTellsTheWorkInsteadOfLosingIt() {
        RecordingSchedulable work = new RecordingSchedulable();
        slot.schedule(work);
        IllegalStateException failure = new IllegalStateException("broken dispatcher");
        ManualDispatcher broken = new ManualDispatcher("slot", 5) {
            @Override
            public void schedule(Schedulable schedulable) {
                throw failure;
            }
        };

        slot.bind(broken); // before, the failure escaped the bind and the work, already taken off the waiting queue, was lost

        assertThat(refusals).containsExactly(failure);
        assertThat(slot.waiting()).isZero();
    }

    @Test
    void aDispatcherRefusingBecauseItIsBeingReplacedHandsTheWorkToItsReplacementWithoutARefusal() {
        ManualDispatcher replacement = new ManualDispatcher("slot", 5);
        ManualDispatcher leaving = new ManualDispatcher("slot", 5) {
            @Override
            public void schedule(Schedulable schedulable) {
                // The replacement is bound and this one unbound between the slot's read and our refusal.
                slot.bind(replacement);
                slot.unbind(this);
                throw new RejectedExecutionException("being replaced");
            }
        };
        slot.bind(leaving);
        RecordingSchedulable work = new RecordingSchedulable();

        slot.schedule(work);

        assertThat(refusals).isEmpty();
        assertThat(replacement.queued()).isOne();
        assertThat(slot.waiting()).isZero();
    }

    @Test
    void anUnboundDispatcherKeepsWhatItHadQueuedUntilItsOwnerStopsItAndHandsItBack() {
        ManualDispatcher first = new ManualDispatcher("slot", 5);
        slot.bind(first);
        RecordingSchedulable work = new RecordingSchedulable();
        slot.schedule(work);

        assertThat(slot.unbind(first)).isTrue();
        assertThat(slot.unbind(first)).isFalse();
        assertThat(first.isStopping()).isFalse();
        assertThat(first.queued()).isOne();

        assertThat(Dispatcher.stopAndHandBack(first)).isOne();
        assertThat(work.handBacks).isOne();
        assertThat(slot.waiting()).isOne(); // no dispatcher serves the id: it waits
        ManualDispatcher second = new ManualDispatcher("slot", 5);
        slot.bind(second);
        assertThat(second.queued()).isOne();
        assertThat(slot.waiting()).isZero();
        assertThat(refusals).isEmpty();
    }

    /** Work that never runs here; handed back, it schedules itself again through the slot, as an actor does. */
    private final class RecordingSchedulable implements Schedulable {
        int handBacks;

        @Override
        public boolean runTurn(Turn turn) {
            throw new AssertionError("not run in these tests");
        }

        @Override
        public void handedBack(RuntimeException cause) {
            handBacks++;
            slot.schedule(this);
        }
    }
}
