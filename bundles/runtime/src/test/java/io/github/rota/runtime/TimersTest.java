package io.github.rota.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.github.rota.api.Actor;
import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.Cancellable;
import io.github.rota.api.Props;
import io.github.rota.api.ReceiveContext;
import io.github.rota.testkit.ActorSystemExtension;
import io.github.rota.testkit.TestProbe;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** An actor's timers and the system's scheduler, as an actor program uses them. */
@ExtendWith(ActorSystemExtension.class)
class TimersTest {

    private static final Duration QUIET = Duration.ofMillis(300);

    /** Runs the command it is sent against its timers and reports what its timers send it to {@code probe}. */
    private static final class Ticker implements Actor<Object> {
        private final ActorRef<Object> probe;

        Ticker(ActorRef<Object> probe) {
            this.probe = probe;
        }

        @Override
        public void receive(ReceiveContext<Object> context) {
            Object message = context.message();
            if (message instanceof Command command) {
                command.apply(context);
                probe.tell("done " + command.name());
            } else if (message.equals("boom")) {
                throw new IllegalStateException("boom");
            } else {
                probe.tell(message);
            }
        }
    }

    private interface Command {
        void apply(ReceiveContext<Object> context);

        default String name() {
            return getClass().getSimpleName();
        }
    }

    private record Single(Object key, Object message, Duration delay) implements Command {
        @Override
        public void apply(ReceiveContext<Object> context) {
            context.timers().startSingleTimer(key, message, delay);
        }
    }

    private record Periodic(Object key, Object message, Duration delay) implements Command {
        @Override
        public void apply(ReceiveContext<Object> context) {
            context.timers().startTimerWithFixedDelay(key, message, delay);
        }
    }

    private record AtRate(Object key, Object message, Duration interval) implements Command {
        @Override
        public void apply(ReceiveContext<Object> context) {
            context.timers().startTimerAtFixedRate(key, message, interval);
        }
    }

    private record Cancel(Object key) implements Command {
        @Override
        public void apply(ReceiveContext<Object> context) {
            context.timers().cancel(key);
        }
    }

    private record Active(Object key, ActorRef<Object> to) implements Command {
        @Override
        public void apply(ReceiveContext<Object> context) {
            to.tell(key + " active " + context.timers().isTimerActive(key));
        }
    }

    /** {@return the probe's first message that is not {@code skipped}: those already on their way come first} */
    private static Object firstOtherThan(TestProbe<Object> probe, Object skipped) {
        Object seen;
        do {
            seen = probe.expectMessage();
        } while (seen.equals(skipped));
        return seen;
    }

    private static ActorRef<Object> ticker(ActorSystem system, TestProbe<Object> probe, String name) {
        return system.spawn(Props.create(() -> new Ticker(probe.ref())), name);
    }

    @Test
    void aSingleTimerSendsItsMessageOnceAndIsThenInactive(ActorSystem system) {
        TestProbe<Object> probe = TestProbe.create(system);
        ActorRef<Object> ticker = ticker(system, probe, "single");
        ticker.tell(new Single("k", "tick", Duration.ofMillis(20)));
        probe.expectMessage("done Single");
        probe.expectMessage("tick");
        probe.expectNoMessage(QUIET);
        ticker.tell(new Active("k", probe.ref()));
        probe.expectMessage("k active false");
        probe.expectMessage("done Active");
    }

    @Test
    void aPeriodicTimerSendsUntilCancelledAndNothingOfItArrivesAfterTheCancel(ActorSystem system) {
        TestProbe<Object> probe = TestProbe.create(system);
        ActorRef<Object> ticker = ticker(system, probe, "periodic");
        ticker.tell(new Periodic("k", "tick", Duration.ofMillis(5)));
        probe.expectMessage("done Periodic");
        assertThat(probe.receiveMessages(3)).containsOnly("tick");
        ticker.tell(new Active("k", probe.ref()));
        ticker.tell(new Cancel("k"));
        Object seen;
        do {
            seen = probe.expectMessage();
        } while (!seen.equals("done Cancel")); // ticks sent before the cancel was handled may come first
        probe.expectNoMessage(QUIET);
    }

    @Test
    void aFixedRateTimerSendsRepeatedly(ActorSystem system) {
        TestProbe<Object> probe = TestProbe.create(system);
        ActorRef<Object> ticker = ticker(system, probe, "rate");
        ticker.tell(new AtRate("k", "tick", Duration.ofMillis(5)));
        probe.expectMessage("done AtRate");
        assertThat(probe.receiveMessages(3)).containsOnly("tick");
    }

    @Test
    void startingATimerUnderAKeyInUseReplacesIt(ActorSystem system) {
        TestProbe<Object> probe = TestProbe.create(system);
        ActorRef<Object> ticker = ticker(system, probe, "replace");
        ticker.tell(new Single("k", "first", Duration.ofMillis(200)));
        ticker.tell(new Single("k", "second", Duration.ofMillis(10)));
        probe.expectMessage("done Single");
        probe.expectMessage("done Single");
        probe.expectMessage("second");
        probe.expectNoMessage(QUIET.plusMillis(200));
    }

    @Test
    void aMessageOfACancelledTimerAlreadyInTheMailboxIsNotDelivered(ActorSystem system) {
        TestProbe<Object> probe = TestProbe.create(system);
        ActorRef<Object> ticker = ticker(system, probe, "in-flight");
        // The timer fires at once; a task queued behind it on the scheduler's one thread tells when
        // its message is in the mailbox, and then the same turn cancels it.
        ticker.tell((Command) context -> {
            context.timers().startSingleTimer("k", "tick", Duration.ZERO);
            CountDownLatch sent = new CountDownLatch(1);
            context.system().scheduler().scheduleOnce(Duration.ZERO, sent::countDown);
            try {
                assertThat(sent.await(5, TimeUnit.SECONDS)).as("the scheduler ran the timer's task").isTrue();
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
            context.timers().cancel("k");
        });
        assertThat(probe.receiveMessages(1).get(0)).asString().startsWith("done ");
        probe.expectNoMessage(QUIET);
    }

    @Test
    void aRestartCancelsTheTimersOfTheFailedIncarnation(ActorSystem system) {
        TestProbe<Object> probe = TestProbe.create(system);
        ActorRef<Object> ticker = ticker(system, probe, "restarting");
        ticker.tell(new Periodic("k", "tick", Duration.ofMillis(5)));
        probe.expectMessage("done Periodic");
        probe.expectMessage("tick");
        ticker.tell("boom"); // the default strategy restarts it
        ticker.tell(new Active("k", probe.ref()));
        assertThat(firstOtherThan(probe, "tick")).isEqualTo("k active false"); // ticks handled before the failure
        probe.expectMessage("done Active");
        probe.expectNoMessage(QUIET);
    }

    @Test
    void aStopCancelsTheTimersSoNoneFiresIntoTheStoppedActor(ActorSystem system) {
        TestProbe<Object> probe = TestProbe.create(system);
        TestProbe<Object> watcher = TestProbe.create(system);
        ActorRef<Object> ticker = ticker(system, probe, "stopping");
        ticker.tell(new Periodic("k", "tick", Duration.ofMillis(5)));
        probe.expectMessage("done Periodic");
        probe.expectMessage("tick");
        watcher.watch(ticker);
        system.stop(ticker);
        watcher.expectTerminated(ticker);
        // At most a tick sent as it stopped becomes a dead letter; a timer still running every 5 ms
        // would add dozens.
        long afterStop = system.deadLetterCount();
        await().during(QUIET).atMost(QUIET.plusSeconds(5)).until(() -> system.deadLetterCount() <= afterStop + 1);
    }

    @Test
    void timersAreTheActorsOwnOnlyDuringItsTurn(ActorSystem system) {
        TestProbe<Object> probe = TestProbe.create(system);
        AtomicInteger calls = new AtomicInteger();
        ActorRef<Object> ticker = system.spawn(Props.create(() -> context -> {
            calls.incrementAndGet();
            probe.ref().tell(context);
        }), "leaky");
        ticker.tell("hand me your context");
        ReceiveContext<?> leaked = (ReceiveContext<?>) probe.expectMessage();
        assertThatThrownBy(leaked::timers).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("timers() on the context of");
        assertThat(calls).hasValue(1);
    }

    @Test
    void theSchedulerRunsTasksAndSendsMessagesLaterUnlessCancelled(ActorSystem system) {
        TestProbe<Object> probe = TestProbe.create(system);
        system.scheduler().scheduleOnce(Duration.ofMillis(10), probe.ref(), "later");
        probe.expectMessage("later");

        Cancellable cancelled = system.scheduler().scheduleOnce(Duration.ofMillis(200), probe.ref(), "never");
        assertThat(cancelled.cancel()).isTrue();
        assertThat(cancelled.isCancelled()).isTrue();
        probe.expectNoMessage(QUIET);

        AtomicInteger runs = new AtomicInteger();
        Cancellable periodic = system.scheduler().scheduleAtFixedRate(Duration.ZERO, Duration.ofMillis(5), runs::incrementAndGet);
        await().atMost(Duration.ofSeconds(5)).until(() -> runs.get() >= 3);
        periodic.cancel();

        assertThatThrownBy(() -> system.scheduler().scheduleOnce(Duration.ofMillis(-1), () -> { }))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("delay must be zero or more, was PT-0.001S");
        assertThatThrownBy(() -> system.scheduler().scheduleAtFixedRate(Duration.ZERO, Duration.ZERO, () -> { }))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("interval must be more than zero, was PT0S");
    }

    @Test
    void aTerminatedSystemSchedulesNothing() throws Exception {
        ActorSystem system = ActorSystem.create("terminated-scheduler");
        system.terminate().toCompletableFuture().get();
        assertThatThrownBy(() -> system.scheduler().scheduleOnce(Duration.ZERO, () -> { }))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("has terminated");
    }

    private record ReceiveTimeout(Duration timeout) implements Command {
        @Override
        public void apply(ReceiveContext<Object> context) {
            context.setReceiveTimeout(timeout, "idle");
        }
    }

    private record CancelReceiveTimeout() implements Command {
        @Override
        public void apply(ReceiveContext<Object> context) {
            context.cancelReceiveTimeout();
        }
    }

    @Test
    void aReceiveTimeoutFiresAfterEachIdlePeriodUntilCancelled(ActorSystem system) {
        TestProbe<Object> probe = TestProbe.create(system);
        ActorRef<Object> ticker = ticker(system, probe, "idle");
        ticker.tell(new ReceiveTimeout(Duration.ofMillis(30)));
        probe.expectMessage("done ReceiveTimeout");
        assertThat(probe.receiveMessages(2)).containsOnly("idle"); // again after each idle period
        ticker.tell(new CancelReceiveTimeout());
        assertThat(firstOtherThan(probe, "idle")).isEqualTo("done CancelReceiveTimeout");
        probe.expectNoMessage(QUIET);
    }

    @Test
    void messagesKeepTheReceiveTimeoutFromFiring(ActorSystem system) {
        TestProbe<Object> probe = TestProbe.create(system);
        ActorRef<Object> ticker = ticker(system, probe, "busy");
        ticker.tell(new ReceiveTimeout(Duration.ofMillis(500)));
        probe.expectMessage("done ReceiveTimeout");
        // A message every 20 ms for a second, twice the timeout: never 500 ms without one.
        Cancellable chatter = system.scheduler().scheduleAtFixedRate(Duration.ZERO, Duration.ofMillis(20),
                () -> ticker.tell("chat"));
        try {
            for (int i = 0; i < 50; i++) {
                assertThat(probe.expectMessage()).isEqualTo("chat");
            }
        } finally {
            chatter.cancel();
        }
        assertThat(firstOtherThan(probe, "chat")).isEqualTo("idle"); // and once the chatter stops, it fires
    }

    @Test
    void aRestartEndsTheReceiveTimeout(ActorSystem system) {
        TestProbe<Object> probe = TestProbe.create(system);
        ActorRef<Object> ticker = ticker(system, probe, "restarting-idle");
        ticker.tell(new ReceiveTimeout(Duration.ofMillis(100)));
        probe.expectMessage("done ReceiveTimeout");
        ticker.tell("boom");
        probe.expectNoMessage(QUIET);
    }

    @Test
    void aReceiveTimeoutMustBePositive(ActorSystem system) {
        TestProbe<Object> probe = TestProbe.create(system);
        ActorRef<Object> ticker = system.spawn(Props.create(() -> context -> {
            try {
                context.setReceiveTimeout(Duration.ZERO, "never");
            } catch (IllegalArgumentException e) {
                probe.ref().tell(e.getMessage());
            }
        }), "zero-timeout");
        ticker.tell("go");
        probe.expectMessage("receive timeout must be more than zero, was PT0S");
        probe.expectNoMessage(QUIET);
    }
}
