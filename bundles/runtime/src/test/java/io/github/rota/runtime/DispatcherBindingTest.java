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
 * The binding is the one place that decides a refusal: on each route (a schedule, the drain of the
 * work waiting for a dispatcher) a bound dispatcher that refuses has refused for good, once, and one
 * that refuses while it is being replaced has not. Unbinding only takes a dispatcher out of service;
 * what it had queued comes back when its owner stops it.
 */
class DispatcherBindingTest {

    private final List<RuntimeException> refusals = new ArrayList<>();
    private final DispatcherBinding<RecordingSchedulable> binding =
            new DispatcherBinding<>("binding", (work, cause) -> refusals.add(cause));

    @Test
    void aStoppedDispatcherThatIsStillBoundRefusesForGoodAndTheSchedulableIsToldOnce() {
        ManualDispatcher stopped = new ManualDispatcher("binding", 5);
        stopped.stop();
        binding.bind(stopped);
        RecordingSchedulable work = new RecordingSchedulable();

        binding.schedule(work);

        assertThat(refusals).singleElement().isInstanceOf(RejectedExecutionException.class);
        assertThat(binding.waiting()).isZero();
    }

    @Test
    void workWaitingForADispatcherIsToldWhenTheOneThatAppearsRefusesIt() {
        RecordingSchedulable work = new RecordingSchedulable();
        binding.schedule(work);
        assertThat(binding.waiting()).isOne();
        ManualDispatcher stopped = new ManualDispatcher("binding", 5);
        stopped.stop();

        binding.bind(stopped);

        assertThat(refusals).singleElement().isInstanceOf(RejectedExecutionException.class);
        assertThat(binding.waiting()).isZero();
    }

    @Test
    void aDispatcherThatFailsWhileWaitingWorkIsDrainedStillTellsTheWorkInsteadOfLosingIt() {
        RecordingSchedulable work = new RecordingSchedulable();
        binding.schedule(work);
        IllegalStateException failure = new IllegalStateException("broken dispatcher");
        ManualDispatcher broken = new ManualDispatcher("binding", 5) {
            @Override
            public void schedule(Schedulable schedulable) {
                throw failure;
            }
        };

        binding.bind(broken); // before, the failure escaped the bind and the work, already taken off the waiting queue, was lost

        assertThat(refusals).containsExactly(failure);
        assertThat(binding.waiting()).isZero();
    }

    @Test
    void aDispatcherRefusingBecauseItIsBeingReplacedHandsTheWorkToItsReplacementWithoutARefusal() {
        ManualDispatcher replacement = new ManualDispatcher("binding", 5);
        ManualDispatcher leaving = new ManualDispatcher("binding", 5) {
            @Override
            public void schedule(Schedulable schedulable) {
                // The replacement is bound and this one unbound between the binding's read and our refusal.
                binding.bind(replacement);
                binding.unbind(this);
                throw new RejectedExecutionException("being replaced");
            }
        };
        binding.bind(leaving);
        RecordingSchedulable work = new RecordingSchedulable();

        binding.schedule(work);

        assertThat(refusals).isEmpty();
        assertThat(replacement.queued()).isOne();
        assertThat(binding.waiting()).isZero();
    }

    @Test
    void anUnboundDispatcherKeepsWhatItHadQueuedUntilItsOwnerStopsItAndHandsItBack() {
        ManualDispatcher first = new ManualDispatcher("binding", 5);
        binding.bind(first);
        RecordingSchedulable work = new RecordingSchedulable();
        binding.schedule(work);

        assertThat(binding.unbind(first)).isTrue();
        assertThat(binding.unbind(first)).isFalse();
        assertThat(first.isStopping()).isFalse();
        assertThat(first.queued()).isOne();

        assertThat(Dispatcher.stopAndHandBack(first)).isOne();
        assertThat(work.handBacks).isOne();
        assertThat(binding.waiting()).isOne(); // no dispatcher serves the id: it waits
        ManualDispatcher second = new ManualDispatcher("binding", 5);
        binding.bind(second);
        assertThat(second.queued()).isOne();
        assertThat(binding.waiting()).isZero();
        assertThat(refusals).isEmpty();
    }

    /** Work that never runs here; handed back, it schedules itself again through the binding, as an actor does. */
    private final class RecordingSchedulable implements Schedulable {
        int handBacks;

        @Override
        public boolean runTurn(Turn turn) {
            throw new AssertionError("not run in these tests");
        }

        @Override
        public void handedBack(RuntimeException cause) {
            handBacks++;
            binding.schedule(this);
        }
    }
}
