package io.github.rota.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.github.rota.api.Actor;
import io.github.rota.api.ActorContext;
import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.DeadLetter;
import io.github.rota.api.PoisonPill;
import io.github.rota.api.Props;
import io.github.rota.api.ReceiveContext;
import io.github.rota.testkit.ActorSystemExtension;
import io.github.rota.testkit.TestProbe;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(ActorSystemExtension.class)
class LifecycleTest {

    /** Reports its lifecycle to a probe; spawns the children named in its constructor. */
    private static final class Reporter implements Actor<String> {
        private final String label;
        private final ActorRef<String> probe;
        private final String[] children;

        Reporter(String label, ActorRef<String> probe, String... children) {
            this.label = label;
            this.probe = probe;
            this.children = children;
        }

        @Override
        public void preStart(ActorContext<String> context) {
            probe.tell(label + ":preStart");
            for (String child : children) {
                context.spawn(Props.create(() -> new Reporter(label + "/" + child, probe)), child);
            }
        }

        @Override
        public void receive(ReceiveContext<String> context) {
            probe.tell(label + ":" + context.message());
        }

        @Override
        public void postStop(ActorContext<String> context) {
            probe.tell(label + ":postStop");
        }
    }

    /**
     * A parent that is stopping refuses a spawn, and the refused actor never runs: it must not count
     * as live. It was counted when its cell was made, and stayed counted for good.
     */
    @Test
    void aSpawnTheStoppingParentRefusesIsNeverCountedAsLive(ActorSystem system) {
        long before = system.status().liveActors();
        AtomicReference<Throwable> refusal = new AtomicReference<>();
        ActorRef<String> parent = system.spawn(Props.create(() -> new Actor<String>() {
            @Override
            public void receive(ReceiveContext<String> context) {
            }

            @Override
            public void postStop(ActorContext<String> context) {
                try {
                    context.spawn(Props.create(() -> (Actor<String>) c -> { }), "too-late");
                } catch (IllegalStateException refused) {
                    refusal.set(refused);
                }
            }
        }), "stopping-parent");
        system.stop(parent);

        await().atMost(Duration.ofSeconds(10)).until(() -> refusal.get() != null);
        assertThat(refusal.get()).hasMessageContaining("is stopping");
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(system.status().liveActors()).isEqualTo(before));
    }

    @Test
    void preStartRunsBeforeTheFirstMessageAndPostStopOnceAtTheEnd(ActorSystem system) {
        TestProbe<String> probe = TestProbe.create(system);
        ActorRef<String> actor = system.spawn(Props.create(() -> new Reporter("a", probe.ref())), "a");
        actor.tell("hello");
        probe.expectMessage("a:preStart");
        probe.expectMessage("a:hello");
        system.stop(actor);
        system.stop(actor);
        probe.expectMessage("a:postStop");
        probe.expectNoMessage(Duration.ofMillis(200));
    }

    @Test
    void childrenStopBeforeTheirParentsPostStop(ActorSystem system) {
        TestProbe<String> probe = TestProbe.create(system);
        ActorRef<String> parent = system.spawn(Props.create(() -> new Reporter("p", probe.ref(), "c1", "c2")), "p");
        assertThat(probe.receiveMessages(3)).containsExactlyInAnyOrder("p:preStart", "p/c1:preStart", "p/c2:preStart");

        system.stop(parent);
        assertThat(probe.receiveMessages(3)).containsExactlyInAnyOrder("p/c1:postStop", "p/c2:postStop", "p:postStop")
                .endsWith("p:postStop");
    }

    @Test
    void terminateStopsEveryActorOnceAndCompletes(ActorSystem system) throws Exception {
        AtomicInteger postStops = new AtomicInteger();
        class Leaf implements Actor<String> {
            @Override
            public void receive(ReceiveContext<String> context) {
            }

            @Override
            public void postStop(ActorContext<String> context) {
                postStops.incrementAndGet();
            }
        }
        for (int i = 0; i < 50; i++) {
            int n = i;
            system.spawn(Props.create(() -> new Actor<String>() {
                @Override
                public void preStart(ActorContext<String> context) {
                    context.spawn(Props.create(Leaf::new), "leaf-" + n);
                }

                @Override
                public void receive(ReceiveContext<String> context) {
                }

                @Override
                public void postStop(ActorContext<String> context) {
                    postStops.incrementAndGet();
                }
            }), "top-" + i);
        }
        system.terminate().toCompletableFuture().get(10, TimeUnit.SECONDS);
        assertThat(postStops).hasValue(100);
        assertThat(system.terminate().toCompletableFuture().isDone()).as("terminate is idempotent").isTrue();
        await().until(() -> Thread.getAllStackTraces().keySet().stream()
                .noneMatch(t -> t.getName().startsWith(system.name() + "-")));
    }

    @Test
    void poisonPillBehindABacklogStopsTheActorAfterAtMostOneMoreMessage(ActorSystem system) throws Exception {
        CountDownLatch handling = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger handled = new AtomicInteger();
        ActorRef<Integer> actor = system.spawn(Props.create(() -> context -> {
            handled.incrementAndGet();
            if (context.message() == 0) {
                handling.countDown();
                release.await();
            }
        }), "busy");
        TestProbe<Object> watcher = TestProbe.create(system);
        watcher.watch(actor);

        actor.tell(0);
        assertThat(handling.await(10, TimeUnit.SECONDS)).isTrue();
        for (int i = 1; i <= 10_000; i++) {
            actor.tell(i);
        }
        PoisonPill.sendTo(actor);
        release.countDown();

        watcher.expectTerminated(actor);
        assertThat(handled.get()).as("the message in flight, at most one more").isBetween(1, 2);
        assertThat(system.deadLetterCount()).isEqualTo(10_001 - handled.get());
    }

    @Test
    void stashedMessagesComeBackInOrderAheadOfTheMailbox(ActorSystem system) {
        TestProbe<String> probe = TestProbe.create(system);
        ActorRef<String> actor = system.spawn(Props.create(() -> new Actor<String>() {
            private boolean open;

            @Override
            public void receive(ReceiveContext<String> context) {
                String m = context.message();
                if (m.equals("open")) {
                    open = true;
                    context.unstashAll();
                } else if (!open) {
                    context.stash();
                } else {
                    probe.ref().tell(m);
                }
            }
        }), "gate");
        actor.tell("a");
        actor.tell("b");
        actor.tell("open");
        actor.tell("c");
        assertThat(probe.receiveMessages(3)).containsExactly("a", "b", "c");
    }

    @Test
    void stashedMessagesBecomeDeadLettersWhenTheActorStops(ActorSystem system) {
        TestProbe<DeadLetter> deadLetters = TestProbe.create(system);
        system.eventStream().subscribe(deadLetters.ref(), DeadLetter.class);
        ActorRef<String> actor = system.spawn(Props.create(() -> ReceiveContext::stash), "hoarder");
        actor.tell("kept");
        system.stop(actor);
        DeadLetter letter = deadLetters.expectMessage();
        assertThat(letter.message()).isEqualTo("kept");
        assertThat(letter.recipient()).isEqualTo(actor);
        assertThat(letter.reason()).isEqualTo(DeadLetter.Reason.RECIPIENT_STOPPED);
    }

    @Test
    void aStoppedActorsNameCanBeReusedByANewIncarnation(ActorSystem system) {
        TestProbe<Object> watcher = TestProbe.create(system);
        ActorRef<String> first = system.spawn(Props.create(() -> context -> { }), "again");
        watcher.watch(first);
        system.stop(first);
        watcher.expectTerminated(first);
        await().untilAsserted(() -> {
            ActorRef<String> second = system.spawn(Props.create(() -> context -> { }), "again");
            assertThat(second.path()).isEqualTo(first.path());
            assertThat(second).isNotEqualTo(first);
        });
    }

    @Test
    void blockingRunsTheWorkOnTheTurnAndReturnsItsResult(ActorSystem system) {
        TestProbe<Object> probe = TestProbe.create(system);
        ActorRef<String> actor = system.spawn(Props.create(() -> context -> {
            Thread turnThread = Thread.currentThread();
            context.reply(context.blocking(() -> Thread.currentThread() == turnThread ? "same thread" : "moved"));
            try {
                context.blocking(null);
            } catch (NullPointerException e) {
                context.reply("null work: " + e.getMessage());
            }
        }), "blocker");
        actor.tell("go", probe.ref());
        probe.expectMessage("same thread");
        probe.expectMessage("null work: work");
    }

    @Test
    void replyReachesTheSenderWithTheReplierAsSender(ActorSystem system) {
        TestProbe<String> probe = TestProbe.create(system);
        ActorRef<String> echo = system.spawn(Props.create(() -> context -> context.reply("echo:" + context.message())), "echo");
        echo.tell("hi", probe.ref());
        probe.expectMessage("echo:hi");
        assertThat(probe.lastSender()).isEqualTo(echo);
    }
}
