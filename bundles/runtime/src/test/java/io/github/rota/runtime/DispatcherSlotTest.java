package io.github.rota.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.dispatch.Turn;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import org.junit.jupiter.api.Test;

/**
 * The slot is the one place that decides a refusal: on each route (a schedule, the drain of the
 * actors waiting for a dispatcher, a hand-back) a dispatcher that refuses for good tells the
 * schedulable once, and one that refuses while it is being replaced does not.
 */
class DispatcherSlotTest {

    private final DispatcherSlot slot = new DispatcherSlot("slot");

    @Test
    void aStoppedDispatcherThatIsStillBoundRefusesForGoodAndTheSchedulableIsToldOnce() {
        ManualDispatcher stopped = new ManualDispatcher("slot", 5);
        stopped.stop();
        slot.bind(stopped);
        RecordingSchedulable work = new RecordingSchedulable();

        slot.schedule(work);

        assertThat(work.refusals).singleElement().isInstanceOf(RejectedExecutionException.class);
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

        assertThat(work.refusals).singleElement().isInstanceOf(RejectedExecutionException.class);
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

        assertThat(work.refusals).containsExactly(failure);
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
                slot.unbind(this, false);
                throw new RejectedExecutionException("being replaced");
            }
        };
        slot.bind(leaving);
        RecordingSchedulable work = new RecordingSchedulable();

        slot.schedule(work);

        assertThat(work.refusals).isEmpty();
        assertThat(replacement.queued()).isOne();
        assertThat(slot.waiting()).isZero();
    }

    @Test
    void whatAnUnboundDispatcherHandsBackGoesToTheNextOrWaits() {
        ManualDispatcher first = new ManualDispatcher("slot", 5);
        slot.bind(first);
        RecordingSchedulable work = new RecordingSchedulable();
        slot.schedule(work);
        assertThat(first.queued()).isOne();

        assertThat(slot.unbind(first, true)).isOne();

        assertThat(work.refusals).isEmpty();
        assertThat(slot.waiting()).isOne();
        ManualDispatcher second = new ManualDispatcher("slot", 5);
        slot.bind(second);
        assertThat(second.queued()).isOne();
        assertThat(slot.waiting()).isZero();
    }

    /** Work that never runs here; it records what it is told. */
    private static final class RecordingSchedulable implements Schedulable {
        final List<RuntimeException> refusals = new ArrayList<>();

        @Override
        public boolean runTurn(Turn turn) {
            throw new AssertionError("not run in these tests");
        }

        @Override
        public void refused(RuntimeException cause) {
            refusals.add(cause);
        }
    }
}
