package io.github.rota.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.rota.api.Actor;
import io.github.rota.api.ActorContext;
import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.DeadLetter;
import io.github.rota.api.DispatcherError;
import io.github.rota.api.PoisonPill;
import io.github.rota.api.Props;
import io.github.rota.api.ReceiveContext;
import io.github.rota.api.Settings;
import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.ExpeditingDispatcher;
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
    private final ManualDispatcher dispatcher = (ManualDispatcher) ((RotaActorSystem) system).boundDispatcher("manual").orElseThrow();
    private final List<Object> handled = new ArrayList<>();

    @AfterEach
    void terminate() {
        system.terminate();
        dispatcher.runUntilIdleLettingGo();
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
    void aPerActorBudgetBelowTheDispatchersApplies() {
        ActorRef<Integer> ref = spawnRecorder(recorder().withThroughput(5));
        for (int i = 0; i < 100; i++) {
            ref.tell(i);
        }
        dispatcher.runOneTurn();
        assertThat(handled).hasSize(5);
    }

    @Test
    void aPerActorBudgetCanOnlyLowerTheDispatchersSoAnOperatorCanReinTheActorIn() {
        ActorRef<Integer> ref = spawnRecorder(recorder().withThroughput(1_000));
        for (int i = 0; i < 5_000; i++) {
            ref.tell(i);
        }
        dispatcher.runOneTurn();
        assertThat(handled).as("capped by the dispatcher's 32").hasSize(32);
        dispatcher.setThroughputBudget(4); // an operator lowers the budget live
        dispatcher.runOneTurn();
        assertThat(handled).hasSize(36);
    }

    @Test
    void systemMessagesCountAgainstTheBudgetSoAStreamOfThemCannotHoldATurn() {
        ActorRef<Integer> ref = spawnRecorder(recorder());
        ActorCell<?> cell = ((LocalActorRef<?>) ref).cell();
        dispatcher.setThroughputBudget(10);
        for (int i = 0; i < 100; i++) {
            cell.sendSystem(SystemMessage.unwatch(cell)); // nobody watches: each is handled and does nothing
        }
        ref.tell(1);
        dispatcher.runOneTurn();
        assertThat(dispatcher.queued()).as("the budget went on system messages: the turn yielded").isEqualTo(1);
        int turns = 1;
        while (dispatcher.runOneTurn()) {
            turns++;
        }
        assertThat(turns).as("100 system messages and one user message, 10 a turn").isEqualTo(11);
        assertThat(handled).containsExactly(1);
    }

    @Test
    void aTurnBehindAProducerBetweenItsTwoStoresWaitsBrieflyThenYieldsOnce() {
        dispatcher.setThroughputBudget(10_000);
        ActorRef<Integer> ref = spawnRecorder(recorder().withMailbox("stalled"));
        StalledPublicationMailboxType.Stalled mailbox = StalledPublicationMailboxType.last;
        ref.tell(1);
        mailbox.beginEnqueue(new io.github.rota.spi.pool.Envelope(0).fill(2, null)); // preempted mid-enqueue
        int before = mailbox.dequeues.get();
        try {
            dispatcher.runOneTurn();
            assertThat(handled).containsExactly(1);
            assertThat(dispatcher.queued()).as("the message it waits for is counted: the actor stays scheduled")
                    .isEqualTo(1);
            assertThat(mailbox.dequeues.get() - before).as("dequeues in that turn: a short wait, not the whole budget")
                    .isLessThanOrEqualTo(1 + TurnLoop.PUBLICATION_SPINS + 1);
        } finally {
            mailbox.finishEnqueue(); // the stop at the end of the test drains the mailbox
        }
        dispatcher.runUntilIdle();
        assertThat(handled).containsExactly(1, 2);
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
    void theSendThatLeavesThirtyTwoMessagesWaitingForATurnAsksTheDispatcherToHurryOncePerWait() {
        ActorRef<Integer> ref = spawnRecorder(recorder());
        int threshold = ExpeditingDispatcher.EXPEDITE_AFTER_SENDS;
        ref.tell(0); // schedules it: not a waiting send
        for (int i = 1; i < threshold; i++) {
            ref.tell(i);
        }
        assertThat(dispatcher.expedited()).as("%d sends waiting", threshold - 1).isEmpty();
        ref.tell(threshold);
        assertThat(dispatcher.expedited()).as("the send that makes %d", threshold).hasSize(1);
        for (int i = 0; i < 100; i++) {
            ref.tell(threshold + 1 + i);
        }
        assertThat(dispatcher.expedited()).as("once per wait, however long it goes on").hasSize(1);

        dispatcher.runOneTurn(); // a turn started: a new wait begins when it yields with work left
        assertThat(dispatcher.queued()).isEqualTo(1);
        for (int i = 0; i < threshold; i++) {
            ref.tell(-1);
        }
        assertThat(dispatcher.expedited()).as("the next wait").hasSize(2);
        assertThat(dispatcher.expedited()).allMatch(s -> s == dispatcher.expedited().get(0));
    }

    @Test
    void aDispatcherWhoseExpediteThrowsIsReportedAndTheSendStillSucceeds() {
        TestProbe<Object> events = TestProbe.create(system);
        system.eventStream().subscribe(events.ref(), DispatcherError.class);
        dispatcher.runUntilIdle(); // the probe's own start
        ActorRef<Integer> ref = spawnRecorder(recorder());
        IllegalStateException fault = new IllegalStateException("expedite failed");
        dispatcher.failExpeditesWith(fault);
        for (int i = 0; i <= ExpeditingDispatcher.EXPEDITE_AFTER_SENDS; i++) {
            ref.tell(i); // the last one asks to hurry, and the dispatcher throws: not the sender's failure
        }
        assertThat(dispatcher.expedited()).hasSize(1);
        dispatcher.runUntilIdle(); // delivers the report to the probe, and the messages to the actor
        DispatcherError error = events.expectMessageClass(DispatcherError.class);
        assertThat(error.dispatcherId()).isEqualTo("manual");
        assertThat(error.actor()).isEqualTo(ref);
        assertThat(error.cause()).isSameAs(fault);
        assertThat(handled).hasSize(ExpeditingDispatcher.EXPEDITE_AFTER_SENDS + 1);
    }

    @Test
    void aLingeringActorFloodedByItsProducersIsExpeditedTooForItsWorkerMayBeBusyElsewhere() {
        ActorRef<Integer> ref = spawnRecorder(recorder());
        dispatcher.keepLingering();
        ref.tell(0);
        dispatcher.runOneTurn();
        assertThat(dispatcher.lingering()).isNotNull();
        for (int i = 1; i <= ExpeditingDispatcher.EXPEDITE_AFTER_SENDS; i++) {
            ref.tell(i);
        }
        assertThat(dispatcher.expedited()).containsExactly(dispatcher.lingering());
        dispatcher.resumeLingering();
        assertThat(handled).hasSize(ExpeditingDispatcher.EXPEDITE_AFTER_SENDS + 1);
    }

    @Test
    void sendsFromAThreadThatDidNotScheduleTheWaitingActorLeaveItsWaitAlone() throws InterruptedException {
        ActorRef<Integer> ref = spawnRecorder(recorder());
        int threshold = ExpeditingDispatcher.EXPEDITE_AFTER_SENDS;
        ref.tell(0); // schedules it on this thread, which keeps it waiting
        onAnotherThread(() -> {
            for (int i = 1; i <= 2 * threshold; i++) {
                ref.tell(i);
            }
        });
        assertThat(dispatcher.expedited()).as("another thread's sends: the dispatcher holds nothing back there").isEmpty();
        for (int i = 1; i < threshold; i++) {
            ref.tell(-i);
        }
        assertThat(dispatcher.expedited()).as("this thread's count is its own: %d sends", threshold - 1).isEmpty();
        ref.tell(-threshold);
        assertThat(dispatcher.expedited()).as("the send that makes %d of this thread's", threshold).hasSize(1);
        dispatcher.runUntilIdle();
        assertThat(handled).hasSize(3 * threshold + 1);
    }

    @Test
    void sendsFromAThreadTheActorDoesNotLingerWithLeaveItsWaitAlone() throws InterruptedException {
        ActorRef<Integer> ref = spawnRecorder(recorder());
        dispatcher.keepLingering();
        ref.tell(0);
        dispatcher.runOneTurn(); // on this thread: the actor lingers with it
        assertThat(dispatcher.lingering()).isNotNull();
        int threshold = ExpeditingDispatcher.EXPEDITE_AFTER_SENDS;
        onAnotherThread(() -> {
            for (int i = 1; i <= 2 * threshold; i++) {
                ref.tell(i);
            }
        });
        assertThat(dispatcher.expedited()).as("another thread's sends").isEmpty();
        for (int i = 1; i <= threshold; i++) {
            ref.tell(-i);
        }
        assertThat(dispatcher.expedited()).as("this thread's").containsExactly(dispatcher.lingering());
        dispatcher.resumeLingering();
        dispatcher.runUntilIdleLettingGo();
        assertThat(handled).hasSize(3 * threshold + 1);
    }

    /** Runs {@code sends} on a thread of its own and waits for it: a producer on another worker, say. */
    private static void onAnotherThread(Runnable sends) throws InterruptedException {
        Thread producer = new Thread(sends, "other-producer");
        producer.start();
        producer.join();
    }

    @Test
    void aLingeringActorStaysRunningForItsProducersSoAMessageToItSchedulesNothing() {
        ActorRef<Integer> ref = spawnRecorder(recorder());
        dispatcher.keepLingering();
        ref.tell(1);
        dispatcher.runOneTurn();
        assertThat(dispatcher.lingering()).as("kept after the turn that drained it").isNotNull();
        assertThat(dispatcher.lingering().hasWork()).isFalse();

        ref.tell(2);
        assertThat(dispatcher.queued()).as("the producer saw it running and left the message to its worker").isZero();
        assertThat(dispatcher.lingering().hasWork()).isTrue();
        dispatcher.resumeLingering();
        assertThat(handled).containsExactly(1, 2);
    }

    @Test
    void aLingeringActorLetGoWithWorkIsReadyAgainAndWithoutWorkIsIdle() {
        ActorRef<Integer> ref = spawnRecorder(recorder());
        dispatcher.keepLingering();
        ref.tell(1);
        dispatcher.runOneTurn();
        ref.tell(2);
        assertThat(dispatcher.releaseLingering()).as("work arrived: ready again").isTrue();
        dispatcher.runUntilIdle();
        assertThat(handled).containsExactly(1, 2);

        assertThat(dispatcher.releaseLingering()).as("no work: idle").isFalse();
        ref.tell(3);
        assertThat(dispatcher.queued()).as("an idle actor is scheduled by the next message").isEqualTo(1);
        dispatcher.runOneTurn();
        assertThat(handled).containsExactly(1, 2, 3);
    }

    @Test
    void aContextCapturedByALingeringActorIsRefusedOnTheThreadThatRanIt() {
        List<ReceiveContext<Integer>> captured = new ArrayList<>();
        ActorRef<Integer> ref = spawnRecorder(Props.create(() -> captured::add));
        dispatcher.keepLingering();
        ref.tell(1);
        dispatcher.runOneTurn(); // on this thread; the actor lingers, still PROCESSING, run by nobody

        assertThat(dispatcher.lingering()).isNotNull();
        assertThatThrownBy(() -> captured.get(0).reply("late"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("outside its turn");
    }

    @Test
    void aRefusedScheduleIsADispatcherErrorAndItsMessagesDeadLetters() throws Exception {
        ActorSystem other = ActorSystem.create("refused", Settings.empty()
                .with("rota.dispatcher.default.kind", "calling-thread")
                .with("rota.dispatcher.manual.kind", "manual"));
        try {
            ManualDispatcher manual = (ManualDispatcher) ((RotaActorSystem) other).boundDispatcher("manual").orElseThrow();
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
    void aRefusedActorStopsWhereItWasRefusedSoItsWatcherHearsAndTheSystemTerminates() throws Exception {
        ActorSystem other = ActorSystem.create("refused-stops", Settings.empty()
                .with("rota.dispatcher.default.kind", "calling-thread")
                .with("rota.dispatcher.manual.kind", "manual"));
        ManualDispatcher manual = (ManualDispatcher) ((RotaActorSystem) other).boundDispatcher("manual").orElseThrow();
        List<String> lifecycle = new ArrayList<>();
        ActorRef<Integer> orphan = other.spawn(Props.create(() -> new Actor<Integer>() {
            @Override
            public void receive(ReceiveContext<Integer> context) {
                lifecycle.add("received " + context.message());
            }

            @Override
            public void postStop(ActorContext<Integer> context) {
                lifecycle.add("postStop");
            }
        }).withDispatcher("manual"), "orphan");
        TestProbe<Object> watcher = TestProbe.create(other); // on the calling-thread dispatcher
        watcher.watch(orphan);
        manual.runUntilIdle(); // CREATE and WATCH
        manual.stop();

        orphan.tell(7);
        watcher.expectTerminated(orphan);
        assertThat(lifecycle).containsExactly("postStop");
        other.terminate().toCompletableFuture().get(10, java.util.concurrent.TimeUnit.SECONDS);
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
    void everyPoisonPillEitherStopsTheActorOrBecomesADeadLetter() {
        ActorRef<Integer> ref = spawnRecorder(recorder());
        PoisonPill.sendTo(ref);
        PoisonPill.sendTo(ref); // queued behind the first, which stops the actor at once
        dispatcher.runUntilIdle();
        assertThat(system.deadLetterCount()).as("the one left when the actor closed").isEqualTo(1);
        PoisonPill.sendTo(ref);
        assertThat(system.deadLetterCount()).as("and one sent after it stopped").isEqualTo(2);
    }

    @Test
    void aPoisonPillToAnActorWaitingForItsChildrenToStopBecomesADeadLetter() {
        ActorRef<Integer> parent = spawnRecorder(Props.create(() -> new Actor<Integer>() {
            @Override
            public void preStart(ActorContext<Integer> context) {
                context.spawn(Props.create(() -> child -> { }), "child");
            }

            @Override
            public void receive(ReceiveContext<Integer> context) {
            }
        }));
        PoisonPill.sendTo(parent);
        dispatcher.runOneTurn(); // the parent stops its child and waits for it
        PoisonPill.sendTo(parent);
        dispatcher.runUntilIdle();
        assertThat(system.deadLetterCount()).isEqualTo(1);
    }

    private static int scheduleState(ActorRef<?> ref) {
        return ((LocalActorRef<?>) ref).cell().turns.scheduleState();
    }

    @Test
    void anActorWhoseTurnFindsNothingGoesIdleInItsMailboxAndTheNextSendWakesIt() {
        ActorRef<Integer> ref = spawnRecorder(recorder());
        ref.tell(1);
        dispatcher.runUntilIdle();
        assertThat(scheduleState(ref)).as("idle, the wake-up right with the mailbox").isEqualTo(ScheduleState.IDLE_IN_MAILBOX);
        assertThat(dispatcher.queued()).isZero();

        ref.tell(2);
        ref.tell(3);
        assertThat(dispatcher.queued()).as("the first send woke it, once").isEqualTo(1);
        assertThat(scheduleState(ref)).isEqualTo(ScheduleState.SCHEDULED);
        dispatcher.runUntilIdle();
        assertThat(handled).containsExactly(1, 2, 3);
    }

    @Test
    void aSystemMessageWakesAnActorIdleInItsMailboxAndTheWakeUpReachesNeitherTheActorNorTheDeadLetters() {
        ActorRef<Integer> target = spawnRecorder(recorder());
        target.tell(1);
        dispatcher.runUntilIdle();
        system.spawn(Props.create(() -> new Actor<Object>() {
            @Override
            public void preStart(ActorContext<Object> context) {
                context.watch(target); // a system message to the idle target
            }

            @Override
            public void receive(ReceiveContext<Object> context) {
            }
        }), "watcher");
        dispatcher.runUntilIdle();
        assertThat(scheduleState(target)).as("woken, it took the watch and the wake-up, and went idle again")
                .isEqualTo(ScheduleState.IDLE_IN_MAILBOX);
        target.tell(2);
        dispatcher.runUntilIdle();
        assertThat(handled).containsExactly(1, 2);

        PoisonPill.sendTo(target); // a system message again: its wake-up is still queued when the actor stops
        assertThat(dispatcher.queued()).isEqualTo(1);
        dispatcher.runUntilIdle();
        assertThat(scheduleState(target)).isEqualTo(ScheduleState.CLOSED);
        assertThat(handled).containsExactly(1, 2);
        assertThat(system.deadLetterCount()).isZero();
    }

    @Test
    void anActorWhoseMailboxKeepsNoMarkGoesIdleOnItsStateWord() {
        ActorRef<Integer> ref = spawnRecorder(recorder().withMailbox("racy"));
        ref.tell(1);
        dispatcher.runUntilIdle();
        assertThat(scheduleState(ref)).isEqualTo(ScheduleState.IDLE);
        ref.tell(2);
        assertThat(dispatcher.queued()).isEqualTo(1);
        dispatcher.runUntilIdle();
        assertThat(handled).containsExactly(1, 2);
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
