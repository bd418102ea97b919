package io.github.rota.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.rota.api.Actor;
import io.github.rota.api.ActorContext;
import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.PoisonPill;
import io.github.rota.api.Props;
import io.github.rota.api.ReceiveContext;
import io.github.rota.api.Terminated;
import io.github.rota.testkit.ActorSystemExtension;
import io.github.rota.testkit.TestProbe;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(ActorSystemExtension.class)
class DeathWatchTest {

    /** Watches or unwatches the actor it is told about; reports Terminated and other messages. */
    private static Props<Object> watcher(ActorRef<Object> report) {
        return Props.create(() -> new Actor<>() {
            @Override
            public void receive(ReceiveContext<Object> context) {
                Object m = context.message();
                if (m instanceof Watch w) {
                    context.watch(w.ref());
                    report.tell("watching");
                } else if (m instanceof Unwatch u) {
                    context.unwatch(u.ref());
                    report.tell("unwatched");
                } else {
                    report.tell(m);
                }
            }

            @Override
            public void onTerminated(ActorContext<Object> context, Terminated terminated) {
                report.tell(terminated);
            }
        });
    }

    private record Watch(ActorRef<?> ref) {
    }

    private record Unwatch(ActorRef<?> ref) {
    }

    private static ActorRef<String> idle(ActorSystem system, String name) {
        return system.spawn(Props.create(() -> context -> { }), name);
    }

    @Test
    void aWatcherIsToldWhenTheWatchedActorStops(ActorSystem system) {
        TestProbe<Object> report = TestProbe.create(system);
        ActorRef<Object> watcher = system.spawn(watcher(report.ref()), "watcher");
        ActorRef<String> target = idle(system, "target");
        watcher.tell(new Watch(target));
        report.expectMessage("watching");
        PoisonPill.sendTo(target);
        assertThat(report.expectMessageClass(Terminated.class).ref()).isEqualTo(target);
    }

    @Test
    void watchingAnActorThatHasAlreadyStoppedNotifiesAtOnce(ActorSystem system) {
        TestProbe<Object> report = TestProbe.create(system);
        ActorRef<String> target = idle(system, "target");
        report.watch(target);
        system.stop(target);
        report.expectTerminated(target);

        ActorRef<Object> watcher = system.spawn(watcher(report.ref()), "late-watcher");
        watcher.tell(new Watch(target));
        report.expectMessage("watching");
        assertThat(report.expectMessageClass(Terminated.class).ref()).isEqualTo(target);
    }

    @Test
    void afterUnwatchNoTerminatedIsDelivered(ActorSystem system) {
        TestProbe<Object> report = TestProbe.create(system);
        ActorRef<Object> watcher = system.spawn(watcher(report.ref()), "watcher");
        ActorRef<String> target = idle(system, "target");
        watcher.tell(new Watch(target));
        watcher.tell(new Unwatch(target));
        report.expectMessage("watching");
        report.expectMessage("unwatched");
        system.stop(target);
        report.expectNoMessage(Duration.ofMillis(300));
    }

    @Test
    void terminatedArrivesAfterTheMessagesTheStoppedActorSentBeforeStopping(ActorSystem system) {
        TestProbe<Object> report = TestProbe.create(system);
        ActorRef<Object> watcher = system.spawn(watcher(report.ref()), "watcher");
        ActorRef<String> chatty = system.spawn(Props.create(() -> new Actor<String>() {
            @Override
            public void receive(ReceiveContext<String> context) {
                for (int i = 0; i < 100; i++) {
                    watcher.tell("msg" + i);
                }
                context.stop(context.self());
            }
        }), "chatty");
        watcher.tell(new Watch(chatty));
        report.expectMessage("watching");
        chatty.tell("go");
        for (int i = 0; i < 100; i++) {
            report.expectMessage("msg" + i);
        }
        report.expectMessageClass(Terminated.class);
    }

    @Test
    void severalWatchersAreAllNotified(ActorSystem system) {
        TestProbe<Object> first = TestProbe.create(system);
        TestProbe<Object> second = TestProbe.create(system);
        ActorRef<String> target = idle(system, "target");
        first.watch(target);
        second.watch(target);
        system.stop(target);
        first.expectTerminated(target);
        second.expectTerminated(target);
    }
}
