package io.github.rota.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.rota.api.Actor;
import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.DispatcherError;
import io.github.rota.api.Props;
import io.github.rota.api.ReceiveContext;
import io.github.rota.api.Settings;
import io.github.rota.testkit.ActorSystemExtension;
import io.github.rota.testkit.TestProbe;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * With envelopes recycled, nothing may keep reading an envelope after its turn: stash copies the
 * message and its sender out (an envelope is never in two queues), and asks keep their reply
 * target in the sender reference, not in the envelope.
 */
class PooledEnvelopesTest {

    @RegisterExtension
    final ActorSystemExtension actors = ActorSystemExtension.withSettings(Settings.empty().with("rota.pool.enabled", true));

    @Test
    void stashedMessagesSurviveTheirEnvelopesBeingReused() {
        ActorSystem system = actors.system();
        TestProbe<Object> probe = TestProbe.create(system);
        ActorRef<Object> gate = system.spawn(Props.create(() -> new Actor<Object>() {
            private boolean open;

            @Override
            public void receive(ReceiveContext<Object> context) {
                if ("open".equals(context.message())) {
                    open = true;
                    context.unstashAll();
                } else if (!open) {
                    context.stash();
                } else {
                    context.reply(context.message());
                }
            }
        }), "gate");
        for (int i = 0; i < 2_000; i++) {
            gate.tell(i, probe.ref()); // far more than one shard holds: envelopes are reused meanwhile
        }
        ActorRef<Object> echo = system.spawn(Props.create(() -> context -> context.reply(context.message())), "echo");
        for (int i = 0; i < 2_000; i++) {
            echo.tell("churn-" + i, probe.ref());
        }
        assertThat(probe.receiveMessages(2_000, Duration.ofSeconds(10))).hasSize(2_000);
        gate.tell("open");
        List<Object> expected = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            expected.add(i);
        }
        assertThat(probe.receiveMessages(2_000, Duration.ofSeconds(10))).isEqualTo(expected);
        assertThat(probe.lastSender()).isEqualTo(gate);
    }

    @Test
    void inDebugModeAMailboxThatRecyclesTooEarlyIsReportedNotMisread() throws Exception {
        ActorSystem system = ActorSystem.create("debugging", Settings.empty()
                .with("rota.pool.enabled", true)
                .with("rota.pool.debug", true));
        try {
            TestProbe<DispatcherError> errors = TestProbe.create(system);
            system.eventStream().subscribe(errors.ref(), DispatcherError.class);
            TestProbe<Object> handled = TestProbe.create(system);
            ActorRef<String> victim = system.spawn(Props.<String>create(() -> context -> handled.ref().tell("handled " + context.message()))
                    .withMailbox("early-recycling"), "victim");
            victim.tell("hello");
            DispatcherError error = errors.expectMessage();
            assertThat(error.actor()).isEqualTo(victim);
            assertThat(error.cause()).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("use after recycle").hasMessageContaining("/user/victim");
            handled.expectNoMessage(Duration.ofMillis(200));
        } finally {
            system.terminate().toCompletableFuture().get(30, java.util.concurrent.TimeUnit.SECONDS);
        }
    }

    @Test
    void asksAnsweredThroughRecycledEnvelopesCompleteWithTheirOwnReplies() throws Exception {
        ActorSystem system = actors.system();
        ActorRef<Integer> square = system.spawn(Props.create(() -> context -> context.reply(context.message() * context.message())), "square");
        for (int i = 0; i < 3_000; i++) {
            assertThat(square.<Integer>ask(i, Duration.ofSeconds(5)).toCompletableFuture().get()).isEqualTo(i * i);
        }
    }
}
