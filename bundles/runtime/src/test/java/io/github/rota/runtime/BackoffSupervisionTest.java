package io.github.rota.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.rota.api.Actor;
import io.github.rota.api.ActorContext;
import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.Props;
import io.github.rota.api.ReceiveContext;
import io.github.rota.api.Settings;
import io.github.rota.api.SupervisorStrategy;
import io.github.rota.testkit.ActorSystemExtension;
import io.github.rota.testkit.TestProbe;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Restarts after a back-off ({@link SupervisorStrategy#withBackoff}); the delays themselves are in RestartWindowTest. */
@ExtendWith(ActorSystemExtension.class)
class BackoffSupervisionTest {

    /** "boom" says so and throws; other strings are counted; "count" reports the count, which a new instance starts at 0. */
    private static final class Child implements Actor<String> {
        private final ActorRef<Object> events;
        private int count;

        Child(ActorRef<Object> events) {
            this.events = events;
        }

        @Override
        public void receive(ReceiveContext<String> context) {
            switch (context.message()) {
                case "boom" -> {
                    events.tell("failing");
                    throw new IllegalStateException("boom");
                }
                case "count" -> events.tell(count);
                default -> count++;
            }
        }

        @Override
        public void preRestart(ActorContext<String> context, Throwable cause) {
            events.tell("preRestart");
        }

        @Override
        public void postRestart(ActorContext<String> context, Throwable cause) {
            events.tell("postRestart");
        }

        @Override
        public void postStop(ActorContext<String> context) {
            events.tell("postStop");
        }
    }

    /** Forwards strings to its child, but "stop-child" stops it. */
    private static Props<String> parentOf(SupervisorStrategy strategy, ActorRef<Object> events) {
        return Props.<String>create(() -> new Actor<>() {
            private ActorRef<String> child;

            @Override
            public void preStart(ActorContext<String> context) {
                child = context.spawn(Props.create(() -> new Child(events)), "child");
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
    void aRestartWaitsTheBackoffAndWhatWasSentMeanwhileReachesTheNewInstanceInOrder(ActorSystem system) {
        TestProbe<Object> events = TestProbe.create(system);
        SupervisorStrategy strategy = SupervisorStrategy.defaultStrategy().withBackoff(Duration.ofMillis(300), Duration.ofSeconds(2), 0);
        ActorRef<String> parent = system.spawn(parentOf(strategy, events.ref()), "p");
        long failed = System.nanoTime();
        parent.tell("boom");
        parent.tell("x");
        parent.tell("y");
        parent.tell("count");
        events.expectMessage("failing");
        events.expectMessage("preRestart");
        events.expectMessage("postRestart");
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - failed)).as("ms until the restart").isGreaterThanOrEqualTo(300);
        events.expectMessage(2);
    }

    @Test
    void aChildStoppedDuringItsBackoffIsNotRestarted(ActorSystem system) {
        TestProbe<Object> events = TestProbe.create(system);
        SupervisorStrategy strategy = SupervisorStrategy.defaultStrategy().withBackoff(Duration.ofMillis(300), Duration.ofSeconds(2), 0);
        ActorRef<String> parent = system.spawn(parentOf(strategy, events.ref()), "p");
        parent.tell("boom");
        events.expectMessage("failing");
        parent.tell("stop-child"); // while the child waits for its restart
        events.expectMessage("postStop");
        events.expectNoMessage(Duration.ofMillis(800)); // the back-off's recreate reached a stopped child: ignored
    }

    @Test
    void terminationDoesNotWaitForABackoff() throws Exception {
        ActorSystem system = ActorSystem.create("backoff-termination", Settings.empty());
        TestProbe<Object> events = TestProbe.create(system);
        SupervisorStrategy strategy = SupervisorStrategy.defaultStrategy().withBackoff(Duration.ofMinutes(10), Duration.ofMinutes(10), 0);
        ActorRef<String> parent = system.spawn(parentOf(strategy, events.ref()), "p");
        parent.tell("boom");
        parent.tell("x"); // waits in the suspended child's mailbox
        system.terminate().toCompletableFuture().get(10, TimeUnit.SECONDS);
        assertThat(system.whenTerminated().toCompletableFuture()).isCompleted();
    }
}
