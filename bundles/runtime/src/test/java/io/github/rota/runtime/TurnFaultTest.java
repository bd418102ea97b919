package io.github.rota.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.DeadLetter;
import io.github.rota.api.DispatcherError;
import io.github.rota.api.Settings;
import io.github.rota.mailbox.UnboundedMailboxType;
import io.github.rota.spi.dispatch.LingeringSchedulable;
import io.github.rota.spi.dispatch.Turn;
import io.github.rota.spi.mailbox.IdleMarkingMailbox;
import io.github.rota.spi.mailbox.Mailbox;
import io.github.rota.spi.pool.Envelope;
import io.github.rota.spi.pool.EnvelopePool;
import io.github.rota.testkit.TestProbe;
import java.time.Duration;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A turn that fails inside the machinery (a system message's handling, the envelope pool, the stop
 * of an actor its dispatcher refused) is reported and recovers; it must neither strand the work it
 * had nor let go of an actor it has already given up. Driven one turn at a time on a scripted actor.
 */
class TurnFaultTest {

    private final RotaActorSystem system = (RotaActorSystem) ActorSystem.create("faults", Settings.empty());

    @AfterEach
    void terminate() throws Exception {
        system.terminate().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }

    @Test
    void aSystemMessageLeftInTheBatchWhenTheTurnFailsIsRunNotStranded() {
        ScriptedActor actor = new ScriptedActor(system, new UnboundedMailboxType().create(EnvelopePool.allocating()),
                EnvelopePool.allocating());
        actor.turns.trySchedule();
        actor.turns.pushSystemMessage(SystemMessage.resume());
        actor.turns.pushSystemMessage(SystemMessage.resume());
        actor.systemMessageFailures = 1; // the first throws after both were taken from the queue

        assertThat(actor.turns.runTurn(new IdlingTurn())).as("yields, to run the one left behind").isTrue();
        assertThat(actor.turns.scheduleState()).isEqualTo(ScheduleState.SCHEDULED);
        assertThat(actor.turns.runTurn(new IdlingTurn())).isFalse();
        assertThat(actor.systemMessagesHandled).isEqualTo(1);
        assertThat(actor.turns.scheduleState()).isEqualTo(ScheduleState.IDLE_IN_MAILBOX);
    }

    @Test
    void aWakeUpTheTurnCannotSendAfterItsMarkIsReportedAndTheActorIsLetGoOnlyOnce() {
        TestProbe<Object> events = TestProbe.create(system);
        system.eventStream().subscribe(events.ref(), DispatcherError.class);
        FailingPool pool = new FailingPool();
        MarkHookMailbox mailbox = new MarkHookMailbox((IdleMarkingMailbox) new UnboundedMailboxType().create(EnvelopePool.allocating()));
        ScriptedActor actor = new ScriptedActor(system, mailbox, pool);
        // A system message pushed just before the mark by a producer that saw no mark: the turn must
        // wake the actor itself, and the pool refuses it the envelope.
        mailbox.afterMark = () -> {
            actor.turns.pushSystemMessage(SystemMessage.resume());
            pool.failing = true;
        };
        actor.turns.trySchedule();

        boolean yielded = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> actor.turns.runTurn(new IdlingTurn()));
        assertThat(yielded).isFalse();
        assertThat(actor.turns.scheduleState()).as("given up once, to the mark").isEqualTo(ScheduleState.IDLE_IN_MAILBOX);
        assertThat(mailbox.isMarkedIdle()).isTrue();
        assertThat(events.expectMessageClass(DispatcherError.class).cause()).isSameAs(pool.fault);

        pool.failing = false;
        assertThat(actor.turns.deliver("next", null)).as("the next send wakes it").isEqualTo(IdleMarkingMailbox.Offer.WAKES);
        assertThat(actor.turns.runTurn(new IdlingTurn())).isFalse();
        assertThat(actor.systemMessagesHandled).as("and its turn takes the system message").isEqualTo(1);
    }

    @Test
    void aMessageSentWhileAFaultEndsAStopInPlaceIsDeadLetteredAndTheActorIsNotLeftHeld() {
        TestProbe<Object> events = TestProbe.create(system);
        system.eventStream().subscribe(events.ref(), DeadLetter.class);
        ScriptedActor actor = new ScriptedActor(system, new UnboundedMailboxType().create(EnvelopePool.allocating()),
                EnvelopePool.allocating());
        actor.turns.trySchedule(); // held SCHEDULED on no queue, as a dispatcher that refused it leaves it
        actor.beginStopFault = () -> {
            actor.turns.deliver("late", null); // a producer's send while the stop is under way
            throw new IllegalStateException("a fault beginning the stop");
        };

        actor.turns.stopInPlace(new RejectedExecutionException("the dispatcher has stopped"));

        assertThat(actor.turns.scheduleState()).as("let go, not held with nobody to run it")
                .isEqualTo(ScheduleState.IDLE_IN_MAILBOX);
        DeadLetter letter = events.expectMessageClass(DeadLetter.class);
        assertThat(letter.message()).isEqualTo("late");
        assertThat(letter.reason()).isEqualTo(DeadLetter.Reason.DISPATCHER_REJECTED);
        events.expectNoMessage(Duration.ofMillis(100));
    }

    /** The real turn loop, over an actor whose system messages and stop fail on demand and which ignores user messages. */
    private static final class ScriptedActor implements Cell {
        final TurnLoop turns;
        int systemMessageFailures;
        int systemMessagesHandled;
        /** Runs (once) when the actor begins to stop. */
        Runnable beginStopFault;

        ScriptedActor(RotaActorSystem system, Mailbox mailbox, EnvelopePool pool) {
            turns = new TurnLoop(system, this, new DispatcherBinding<>("scripted", (actor, cause) -> { }), mailbox, pool, 0, false);
        }

        @Override
        public ActorRef<?> self() {
            return null;
        }

        @Override
        public int budget() {
            return 0;
        }

        @Override
        public void process(SystemMessage message) {
            if (systemMessageFailures > 0) {
                systemMessageFailures--;
                throw new IllegalStateException("a fault handling a system message");
            }
            systemMessagesHandled++;
        }

        @Override
        public Cell.UserMessages userMessages() {
            return Cell.UserMessages.MAILBOX;
        }

        @Override
        public boolean isTerminated() {
            return false;
        }


        @Override
        public void invokeUnstashed() {
        }

        @Override
        public void invoke(Object msg, ActorRef<?> from) {
        }

        @Override
        public void putDownMessage() {
        }

        @Override
        public void beginStop() {
            Runnable fault = beginStopFault;
            beginStopFault = null;
            if (fault != null) {
                fault.run();
            }
        }

        @Override
        public void systemMessageRefused(SystemMessage message) {
        }

        @Override
        public Object messageInHand() {
            return null;
        }
    }

    /** A worker's turn that lets the actor go idle when it runs out of work. */
    private static final class IdlingTurn implements Turn {
        @Override
        public int budget() {
            return 32;
        }

        @Override
        public void messagesHandled(int count) {
        }

        @Override
        public boolean linger(LingeringSchedulable self) {
            return false;
        }
    }

    /** An allocating pool that throws on acquire while told to. */
    private static final class FailingPool implements EnvelopePool {
        final IllegalStateException fault = new IllegalStateException("the pool failed");
        volatile boolean failing;

        @Override
        public int assignHomeShard() {
            return 0;
        }

        @Override
        public Envelope acquire(int shard) {
            if (failing) {
                throw fault;
            }
            return new Envelope(shard);
        }

        @Override
        public void release(Envelope envelope) {
        }
    }

    /** The default mailbox, with a hook that runs right after the consumer's mark has succeeded. */
    private static final class MarkHookMailbox implements IdleMarkingMailbox {
        private final IdleMarkingMailbox delegate;
        Runnable afterMark = () -> { };

        MarkHookMailbox(IdleMarkingMailbox delegate) {
            this.delegate = delegate;
        }

        @Override
        public boolean tryMarkIdle() {
            if (!delegate.tryMarkIdle()) {
                return false;
            }
            Runnable hook = afterMark;
            afterMark = () -> { };
            hook.run();
            return true;
        }

        @Override
        public boolean enqueue(Envelope envelope) {
            return delegate.enqueue(envelope);
        }

        @Override
        public Offer offer(Envelope envelope) {
            return delegate.offer(envelope);
        }

        @Override
        public boolean isMarkedIdle() {
            return delegate.isMarkedIdle();
        }

        @Override
        public Envelope dequeue() {
            return delegate.dequeue();
        }

        @Override
        public boolean hasMessages() {
            return delegate.hasMessages();
        }

        @Override
        public int size() {
            return delegate.size();
        }
    }
}
