package io.github.rota.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.Props;
import io.github.rota.api.ReceiveContext;
import io.github.rota.testkit.ActorSystemExtension;
import io.github.rota.testkit.TestProbe;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A receive context is bound to its turn: captured and used later, it fails instead of misreading. */
@ExtendWith(ActorSystemExtension.class)
class ReceiveContextTest {

    @Test
    void aContextUsedOutsideItsTurnFailsLoudlyInsteadOfReadingAnotherMessage(ActorSystem system) throws Exception {
        CompletableFuture<ReceiveContext<String>> captured = new CompletableFuture<>();
        ActorRef<String> actor = system.spawn(Props.create(() -> context -> captured.complete(context)), "capturer");
        TestProbe<Object> sender = TestProbe.create(system);
        actor.tell("first", sender.ref());
        ReceiveContext<String> context = captured.get(10, TimeUnit.SECONDS);

        assertThatThrownBy(context::message).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("message() on the context of rota://")
                .hasMessageContaining("outside its turn");
        assertThatThrownBy(context::sender).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> context.reply("late")).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(context::stash).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> context.watch(sender.ref())).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> context.spawn(Props.create(() -> c -> { }), "late-child"))
                .isInstanceOf(IllegalStateException.class);
        sender.expectNoMessage(java.time.Duration.ofMillis(100));

        assertThat(context.self()).as("immutable: fine anywhere").isEqualTo(actor);
        assertThat(context.system()).isSameAs(system);
    }
}
