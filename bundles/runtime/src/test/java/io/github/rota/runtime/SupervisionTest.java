package io.github.rota.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.rota.api.Actor;
import io.github.rota.api.ActorContext;
import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.Directive;
import io.github.rota.api.Props;
import io.github.rota.api.ReceiveContext;
import io.github.rota.api.Settings;
import io.github.rota.api.SupervisorStrategy;
import io.github.rota.testkit.ActorSystemExtension;
import io.github.rota.testkit.TestProbe;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(ActorSystemExtension.class)
class SupervisionTest {

    /** Counts messages in its own state; "boom" throws ("boom-loud" says so first); "count" replies the count. */
    private static final class Counter implements Actor<String> {
        private final ActorRef<Object> events;
        private int count;

        Counter(ActorRef<Object> events) {
            this.events = events;
        }

        @Override
        public void preStart(ActorContext<String> context) {
            events.tell("preStart");
        }

        @Override
        public void receive(ReceiveContext<String> context) {
            switch (context.message()) {
                case "boom" -> throw new IllegalStateException("boom");
                case "boom-loud" -> {
                    events.tell("failing");
                    throw new IllegalStateException("boom");
                }
                case "fatal" -> throw new IllegalArgumentException("fatal");
                case "count" -> events.tell(count);
                default -> count++;
            }
        }

        @Override
        public void preRestart(ActorContext<String> context, Throwable cause) {
            events.tell("preRestart:" + cause.getMessage());
        }

        @Override
        public void postRestart(ActorContext<String> context, Throwable cause) {
            events.tell("postRestart:" + cause.getMessage());
        }

        @Override
        public void postStop(ActorContext<String> context) {
            events.tell("postStop");
        }
    }

    /** A parent that spawns one Counter child with the given strategy and forwards strings to it, but "stop-child" stops it. */
    private static Props<String> parentOf(SupervisorStrategy strategy, ActorRef<Object> events) {
        return Props.<String>create(() -> new Actor<>() {
            private ActorRef<String> child;

            @Override
            public void preStart(ActorContext<String> context) {
                child = context.spawn(Props.create(() -> new Counter(events)), "child");
            }

            @Override
            public void receive(ReceiveContext<String> context) {
                if (context.message().equals("stop-child")) {
                    context.stop(child);
                } else {
                    child.tell(context.message());
                }
            }
        }).withSupervisorStrategy(strategy);
    }

    @Test
    void resumeKeepsTheInstanceAndItsState(ActorSystem system) {
        TestProbe<Object> events = TestProbe.create(system);
        ActorRef<String> parent = system.spawn(parentOf(SupervisorStrategy.oneForOne(e -> Directive.RESUME), events.ref()), "p");
        events.expectMessage("preStart");
        parent.tell("x");
        parent.tell("boom");
        parent.tell("y");
        parent.tell("count");
        events.expectMessage(2);
    }

    @Test
    void restartReplacesTheInstanceDropsTheFailedMessageAndKeepsTheMailbox(ActorSystem system) {
        TestProbe<Object> events = TestProbe.create(system);
        ActorRef<String> parent = system.spawn(parentOf(SupervisorStrategy.defaultStrategy(), events.ref()), "p");
        events.expectMessage("preStart");
        parent.tell("x");
        parent.tell("boom");
        parent.tell("y");
        parent.tell("count");
        events.expectMessage("preRestart:boom");
        events.expectMessage("postRestart:boom");
        events.expectMessage(1);
    }

    @Test
    void stopEndsTheChild(ActorSystem system) {
        TestProbe<Object> events = TestProbe.create(system);
        ActorRef<String> parent = system.spawn(parentOf(SupervisorStrategy.oneForOne(e -> Directive.STOP), events.ref()), "p");
        events.expectMessage("preStart");
        parent.tell("boom");
        events.expectMessage("postStop");
        parent.tell("count");
        events.expectNoMessage(Duration.ofMillis(300));
        assertThat(system.deadLetterCount()).isEqualTo(1);
    }

    @Test
    void escalateFailsTheParentWhoseSupervisorRestartsIt(ActorSystem system) {
        TestProbe<Object> events = TestProbe.create(system);
        // The parent escalates; the user guardian's default strategy restarts the parent, which
        // stops its old child and creates a new one in preStart.
        ActorRef<String> parent = system.spawn(parentOf(SupervisorStrategy.oneForOne(e -> Directive.ESCALATE), events.ref()), "p");
        events.expectMessage("preStart");
        parent.tell("x");
        parent.tell("boom");
        events.expectMessage("postStop");
        events.expectMessage("preStart");
        parent.tell("count");
        events.expectMessage(0);
    }

    @Test
    void theDirectiveIsDecidedPerException(ActorSystem system) {
        TestProbe<Object> events = TestProbe.create(system);
        SupervisorStrategy strategy = SupervisorStrategy.oneForOne(
                e -> e instanceof IllegalStateException ? Directive.RESUME : Directive.STOP);
        ActorRef<String> parent = system.spawn(parentOf(strategy, events.ref()), "p");
        events.expectMessage("preStart");
        parent.tell("boom");
        parent.tell("x");
        parent.tell("count");
        events.expectMessage(1);
        parent.tell("fatal");
        events.expectMessage("postStop");
    }

    @Test
    void aChildRestartedMoreThanTheLimitWithinTheWindowIsStopped(ActorSystem system) {
        TestProbe<Object> events = TestProbe.create(system);
        SupervisorStrategy strategy = SupervisorStrategy.defaultStrategy().withMaxRestarts(2, Duration.ofMinutes(1));
        ActorRef<String> parent = system.spawn(parentOf(strategy, events.ref()), "p");
        events.expectMessage("preStart");
        for (int i = 0; i < 3; i++) {
            parent.tell("boom");
        }
        List<Object> seen = events.receiveMessages(5);
        assertThat(seen).containsExactly("preRestart:boom", "postRestart:boom",
                "preRestart:boom", "postRestart:boom", "postStop");
    }

    @Test
    void aFailureInPreStartIsSupervisedToo(ActorSystem system) {
        TestProbe<Object> events = TestProbe.create(system);
        int[] attempts = {0};
        ActorRef<String> parent = system.spawn(Props.<String>create(() -> new Actor<>() {
            @Override
            public void preStart(ActorContext<String> context) {
                context.spawn(Props.create(() -> new Actor<String>() {
                    @Override
                    public void preStart(ActorContext<String> c) {
                        if (++attempts[0] < 3) {
                            throw new IllegalStateException("not yet");
                        }
                        events.ref().tell("started after " + attempts[0]);
                    }

                    @Override
                    public void receive(ReceiveContext<String> c) {
                    }
                }), "flaky");
            }

            @Override
            public void receive(ReceiveContext<String> context) {
            }
        }), "p");
        events.expectMessage("started after 3");
        assertThat(parent.path()).endsWith("/user/p");
    }

    @Test
    void aFailingActorDoesNotDisturbOtherActors(ActorSystem system) {
        TestProbe<Object> events = TestProbe.create(system);
        ActorRef<String> failing = system.spawn(Props.create(() -> (Actor<String>) context -> {
            throw new IllegalStateException("always");
        }), "failing");
        ActorRef<String> healthy = system.spawn(Props.create(() -> context -> events.ref().tell(context.message())), "healthy");
        for (int i = 0; i < 100; i++) {
            failing.tell("x");
            healthy.tell("ok" + i);
        }
        assertThat(events.receiveMessages(100)).hasSize(100).startsWith("ok0").endsWith("ok99");
    }

    // ---------------------------------------------------------------- back-off (the delays: RestartWindowTest)

    private static final SupervisorStrategy BACKOFF =
            SupervisorStrategy.defaultStrategy().withBackoff(Duration.ofMillis(300), Duration.ofSeconds(2), 0);

    @Test
    void aRestartWaitsTheBackoffAndWhatWasSentMeanwhileReachesTheNewInstanceInOrder(ActorSystem system) {
        TestProbe<Object> events = TestProbe.create(system);
        ActorRef<String> parent = system.spawn(parentOf(BACKOFF, events.ref()), "p");
        events.expectMessage("preStart");
        long failed = System.nanoTime();
        parent.tell("boom");
        parent.tell("x");
        parent.tell("y");
        parent.tell("count");
        events.expectMessage("preRestart:boom");
        events.expectMessage("postRestart:boom");
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - failed)).as("ms until the restart").isGreaterThanOrEqualTo(300);
        events.expectMessage(2);
    }

    @Test
    void aChildStoppedDuringItsBackoffIsNotRestarted(ActorSystem system) {
        TestProbe<Object> events = TestProbe.create(system);
        ActorRef<String> parent = system.spawn(parentOf(BACKOFF, events.ref()), "p");
        events.expectMessage("preStart");
        parent.tell("boom-loud");
        events.expectMessage("failing");
        parent.tell("stop-child"); // while the child waits for its restart
        events.expectMessage("postStop");
        events.expectNoMessage(Duration.ofMillis(800)); // the back-off's recreate reached a stopped child: ignored
    }

    @Test
    void terminationDoesNotWaitForABackoff() throws Exception {
        ActorSystem system = ActorSystem.create("backoff-termination", Settings.empty());
        TestProbe<Object> events = TestProbe.create(system);
        SupervisorStrategy tenMinutes = SupervisorStrategy.defaultStrategy().withBackoff(Duration.ofMinutes(10), Duration.ofMinutes(10), 0);
        ActorRef<String> parent = system.spawn(parentOf(tenMinutes, events.ref()), "p");
        events.expectMessage("preStart");
        parent.tell("boom-loud");
        events.expectMessage("failing");
        parent.tell("x"); // waits in the suspended child's mailbox
        system.terminate().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }
}
