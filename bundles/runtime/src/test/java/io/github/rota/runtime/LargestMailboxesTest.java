package io.github.rota.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.rota.api.Actor;
import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.MailboxDepth;
import io.github.rota.api.Props;
import io.github.rota.api.Settings;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The operator's view of where messages pile up, children included. */
class LargestMailboxesTest {

    private final ActorSystem system = ActorSystem.create("depths", Settings.empty()
            .with("rota.dispatcher.manual.kind", "manual")
            .with("rota.system.default.dispatcher", "manual"));
    private final ManualDispatcher dispatcher = (ManualDispatcher) ((RotaActorSystem) system).boundDispatcher("manual").orElseThrow();

    @AfterEach
    void terminate() {
        system.terminate();
        dispatcher.runUntilIdle();
    }

    @Test
    void listsTheDeepestMailboxesFirstIncludingChildren() {
        AtomicReference<ActorRef<String>> child = new AtomicReference<>();
        ActorRef<String> a = system.spawn(Props.create(() -> (Actor<String>) context -> { }), "a");
        ActorRef<String> b = system.spawn(Props.create(() -> (Actor<String>) context -> { }), "b");
        system.spawn(Props.create(() -> new Actor<String>() {
            @Override
            public void preStart(io.github.rota.api.ActorContext<String> context) {
                child.set(context.spawn(Props.create(() -> (Actor<String>) c -> { }), "child"));
            }

            @Override
            public void receive(io.github.rota.api.ReceiveContext<String> context) {
            }
        }), "parent");
        dispatcher.runUntilIdle(); // create them all
        for (int i = 0; i < 3; i++) {
            a.tell("m");
        }
        b.tell("m");
        for (int i = 0; i < 5; i++) {
            child.get().tell("m");
        }

        assertThat(system.largestMailboxes(2)).extracting(m -> m.actor().path(), MailboxDepth::depth)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("rota://depths/user/parent/child", 5),
                        org.assertj.core.groups.Tuple.tuple("rota://depths/user/a", 3));
        assertThat(system.largestMailboxes(10)).hasSize(4);

        dispatcher.runUntilIdle();
        assertThat(system.largestMailboxes(10)).allMatch(m -> m.depth() == 0);
    }

    @Test
    void rejectsALimitBelowOne() {
        assertThatThrownBy(() -> system.largestMailboxes(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("limit must be at least 1, was 0");
    }
}
