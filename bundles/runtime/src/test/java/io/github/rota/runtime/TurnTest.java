package io.github.rota.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.DeadLetter;
import io.github.rota.api.DispatcherError;
import io.github.rota.api.PoisonPill;
import io.github.rota.api.Props;
import io.github.rota.api.Settings;
import io.github.rota.testkit.TestProbe;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The turn loop, stepped one turn at a time on a manual dispatcher. */
class TurnTest {

    private final ActorSystem system = ActorSystem.create("turns", Settings.empty()
            .with("rota.dispatcher.manual.kind", "manual")
            .with("rota.system.default.dispatcher", "manual"));
    private final ManualDispatcher dispatcher = (ManualDispatcher) system.dispatcher("manual").orElseThrow();
    private final List<Object> handled = new ArrayList<>();

    @AfterEach
    void terminate() {
        system.terminate();
        dispatcher.runUntilIdle();
    }

    private ActorRef<Integer> spawnRecorder(Props<Integer> props) {
        ActorRef<Integer> ref = system.spawn(props, "recorder");
        dispatcher.runUntilIdle(); // CREATE
        return ref;
    }

    private Props<Integer> recorder() {
        return Props.create(() -> context -> handled.add(context.message()));
    }

    @Test
    void aTurnHandlesAtMostTheDispatcherBudgetThenYieldsToTheTail() {
        ActorRef<Integer> ref = spawnRecorder(recorder());
        for (int i = 0; i < 100; i++) {
            ref.tell(i);
        }
        assertThat(dispatcher.queued()).as("scheduled once, however many messages").isEqualTo(1);

        dispatcher.runOneTurn();
        assertThat(handled).hasSize(32);
        assertThat(dispatcher.lastHandled()).as("reported to the dispatcher").isEqualTo(32);
        assertThat(dispatcher.queued()).as("work left: queued again").isEqualTo(1);
    }

    @Test
    void aBudgetChangeAppliesOnTheNextTurn() {
        ActorRef<Integer> ref = spawnRecorder(recorder());
        for (int i = 0; i < 100; i++) {
            ref.tell(i);
        }
        dispatcher.runOneTurn();
        dispatcher.setThroughputBudget(10);
        dispatcher.runOneTurn();
        assertThat(handled).hasSize(42);
    }

    @Test
    void aPerActorThroughputWinsOverTheDispatcherBudget() {
        ActorRef<Integer> ref = spawnRecorder(recorder().withThroughput(5));
        for (int i = 0; i < 100; i++) {
            ref.tell(i);
        }
        dispatcher.runOneTurn();
        assertThat(handled).hasSize(5);
    }

    @Test
    void anActorWhoseMailboxIsEmptyGoesIdleAndIsNotQueuedAgain() {
        ActorRef<Integer> ref = spawnRecorder(recorder());
        for (int i = 0; i < 32; i++) {
            ref.tell(i);
        }
        dispatcher.runOneTurn();
        assertThat(handled).hasSize(32);
        assertThat(dispatcher.queued()).isZero();

        ref.tell(99);
        assertThat(dispatcher.queued()).as("an idle actor is scheduled by the next message").isEqualTo(1);
    }

    @Test
    void aMessageArrivingJustAsTheTurnFindsTheMailboxEmptyIsNotLost() {
        ActorRef<Integer> ref = spawnRecorder(recorder().withMailbox("racy"));
        ref.tell(1);
        // When the turn next sees an empty mailbox, a producer slips a message in. It sees the actor
        // PROCESSING, so it does not schedule it: the turn itself must notice after storing IDLE.
        RacyMailboxType.onNextEmptyDequeue = () -> ref.tell(2);
        dispatcher.runUntilIdle();
        assertThat(handled).containsExactly(1, 2);
        assertThat(dispatcher.queued()).isZero();
    }

    @Test
    void aRefusedScheduleIsADispatcherErrorAndItsMessagesDeadLetters() throws Exception {
        ActorSystem other = ActorSystem.create("refused", Settings.empty()
                .with("rota.dispatcher.default.kind", "calling-thread")
                .with("rota.dispatcher.manual.kind", "manual"));
        try {
            ManualDispatcher manual = (ManualDispatcher) other.dispatcher("manual").orElseThrow();
            TestProbe<Object> events = TestProbe.create(other);
            other.eventStream().subscribe(events.ref(), DispatcherError.class);
            other.eventStream().subscribe(events.ref(), DeadLetter.class);
            ActorRef<Integer> ref = other.spawn(recorder().withDispatcher("manual"), "orphan");
            manual.runUntilIdle();
            manual.stop();

            ref.tell(7);
            DispatcherError error = events.expectMessageClass(DispatcherError.class);
            assertThat(error.dispatcherId()).isEqualTo("manual");
            assertThat(error.actor()).isEqualTo(ref);
            assertThat(error.cause()).isInstanceOf(RejectedExecutionException.class);
            DeadLetter letter = events.expectMessageClass(DeadLetter.class);
            assertThat(letter.message()).isEqualTo(7);
            assertThat(letter.reason()).isEqualTo(DeadLetter.Reason.DISPATCHER_REJECTED);
            assertThat(handled).isEmpty();
        } finally {
            // Not awaited: the orphan's own stop can never run on its stopped dispatcher.
            other.terminate();
        }
    }

    @Test
    void aHandlerThatLeavesTheInterruptFlagSetDoesNotPassItToTheNextMessage() {
        List<Boolean> sawTheFlag = new ArrayList<>();
        ActorRef<Integer> ref = spawnRecorder(Props.create(() -> context -> {
            sawTheFlag.add(Thread.currentThread().isInterrupted());
            if (context.message() == 1) {
                Thread.currentThread().interrupt();
            }
        }));
        ref.tell(1);
        ref.tell(2);
        dispatcher.runOneTurn();
        assertThat(sawTheFlag).containsExactly(false, false);
        assertThat(Thread.interrupted()).as("the thread that ran the turn").isFalse();
    }

    @Test
    void messagesAreHandledInSendOrderAcrossTurns() {
        ActorRef<Integer> ref = spawnRecorder(recorder().withThroughput(7));
        for (int i = 0; i < 100; i++) {
            ref.tell(i);
        }
        dispatcher.runUntilIdle();
        List<Object> expected = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            expected.add(i);
        }
        assertThat(handled).isEqualTo(expected);
    }

    @Test
    void systemMessagesOvertakeQueuedUserMessages() {
        ActorRef<Integer> ref = spawnRecorder(recorder());
        for (int i = 0; i < 10_000; i++) {
            ref.tell(i);
        }
        PoisonPill.sendTo(ref);
        dispatcher.runUntilIdle();
        assertThat(handled).isEmpty();
        assertThat(system.deadLetterCount()).isEqualTo(10_000);
    }
}
