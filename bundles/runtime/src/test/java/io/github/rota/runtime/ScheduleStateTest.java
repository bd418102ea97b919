package io.github.rota.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.rota.spi.dispatch.Turn;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ScheduleStateTest {

    @SuppressWarnings("serial") // a ForkJoinTask by inheritance, never serialized
    private static final class State extends ScheduleState {
        @Override
        public boolean runTurn(Turn turn) {
            throw new UnsupportedOperationException("only the schedule state is under test");
        }
    }

    @Test
    void walksTheStateMachineIdleScheduledProcessingClosed() {
        State s = new State();
        assertThat(s.scheduleState()).isEqualTo(ScheduleState.IDLE);
        assertThat(s.takeForProcessing()).as("an idle actor cannot be taken").isFalse();
        assertThat(s.trySchedule()).isTrue();
        assertThat(s.trySchedule()).as("already scheduled").isFalse();
        assertThat(s.takeForProcessing()).isTrue();
        assertThat(s.trySchedule()).as("processing: producers do not schedule").isFalse();
        s.yieldToScheduled();
        assertThat(s.takeForProcessing()).isTrue();
        s.setIdle();
        assertThat(s.trySchedule()).isTrue();
        assertThat(s.takeForProcessing()).isTrue();
        s.close();
        assertThat(s.isClosed()).isTrue();
        assertThat(s.trySchedule()).as("closed is final").isFalse();
        assertThat(s.takeForProcessing()).isFalse();
    }

    @Test
    void anActorIdleInItsMailboxIsWokenOnlyByWhoeverClearedTheMark() {
        State s = new State();
        s.trySchedule();
        s.takeForProcessing();
        s.markIdleInMailbox();
        assertThat(s.isHeldByCurrentThread()).isFalse();
        assertThat(s.trySchedule()).as("the wake-up right is the mailbox's: no compare-and-set wins it").isFalse();
        assertThat(s.takeForProcessing()).isFalse();
        s.scheduleWoken();
        assertThat(s.scheduleState()).isEqualTo(ScheduleState.SCHEDULED);
        assertThat(s.takeForProcessing()).isTrue();
    }

    @Test
    void exactlyOneOfManyRacingProducersSchedules() throws Exception {
        int threads = 4;
        for (int round = 0; round < 2_000; round++) {
            State s = new State();
            AtomicInteger winners = new AtomicInteger();
            race(threads, () -> {
                if (s.trySchedule()) {
                    winners.incrementAndGet();
                }
            });
            assertThat(winners).hasValue(1);
        }
    }

    @Test
    void exactlyOneOfTwoThreadsHandedTheSameSchedulingTakesIt() throws Exception {
        // A broken dispatcher (the SPI is implemented by third parties) may hand one scheduling to
        // two threads; the schedule state must still let only one of them run the turn.
        for (int round = 0; round < 2_000; round++) {
            State s = new State();
            s.trySchedule();
            AtomicInteger takers = new AtomicInteger();
            race(2, () -> {
                if (s.takeForProcessing()) {
                    takers.incrementAndGet();
                }
            });
            assertThat(takers).hasValue(1);
        }
    }

    private static void race(int threads, Runnable action) throws Exception {
        CyclicBarrier start = new CyclicBarrier(threads);
        List<Thread> started = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Thread thread = new Thread(() -> {
                try {
                    start.await();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                action.run();
            });
            thread.start();
            started.add(thread);
        }
        for (Thread thread : started) {
            thread.join();
        }
    }
}
