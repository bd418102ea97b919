package io.github.rota.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.PoisonPill;
import io.github.rota.api.Props;
import io.github.rota.api.Settings;
import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What an idle actor keeps alive: its state, not its last message or that message's sender (with a
 * million idle actors, every last message and every last sender — possibly a stopped actor's whole
 * cell — would stay on the heap).
 */
class IdleActorReachabilityTest {

    private ActorSystem system;

    @AfterEach
    void terminate() throws Exception {
        system.terminate().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }

    @ParameterizedTest
    @ValueSource(strings = {"false", "true"})
    void anIdleActorKeepsNeitherItsLastMessageNorItsLastSenderReachable(String pooled) throws Exception {
        system = ActorSystem.create("idle", Settings.empty().with("rota.pool.enabled", pooled));
        CountDownLatch handled = new CountDownLatch(1);
        ActorRef<Object> idle = system.spawn(Props.create(() -> context -> handled.countDown()), "idle");
        Object payload = new byte[1 << 20];
        ActorRef<Object> sender = system.spawn(Props.create(() -> context -> { }), "sender");
        WeakReference<Object> payloadRef = new WeakReference<>(payload);
        WeakReference<Object> senderRef = new WeakReference<>(sender);

        idle.tell(payload, sender);
        payload = null;
        handled.await(10, TimeUnit.SECONDS);
        system.stop(sender);
        sender = null;

        await().atMost(Duration.ofSeconds(20)).until(() -> {
            System.gc();
            return payloadRef.get() == null && senderRef.get() == null;
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"false", "true"})
    void aStoppedActorKeepsNeitherItsDeadLetteredMessageNorItsSenderReachable(String pooled) throws Exception {
        system = ActorSystem.create("stopped", Settings.empty().with("rota.pool.enabled", pooled));
        CountDownLatch busy = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        ActorRef<Object> stopping = system.spawn(Props.create(() -> context -> {
            busy.countDown();
            release.await(10, TimeUnit.SECONDS);
        }), "stopping");
        Object payload = new byte[1 << 20];
        ActorRef<Object> sender = system.spawn(Props.create(() -> context -> { }), "sender");
        WeakReference<Object> payloadRef = new WeakReference<>(payload);
        WeakReference<Object> senderRef = new WeakReference<>(sender);

        stopping.tell("first", null);
        busy.await(10, TimeUnit.SECONDS);
        stopping.tell(payload, sender); // waits behind the turn, and stops with the actor: a dead letter
        stopping.tell(PoisonPill.INSTANCE, null);
        payload = null;
        release.countDown();
        await().until(() -> system.deadLetterCount() == 1);
        system.stop(sender);
        sender = null;

        // Whoever still holds the stopped actor's reference must not hold its last message with it.
        await().atMost(Duration.ofSeconds(20)).until(() -> {
            System.gc();
            return payloadRef.get() == null && senderRef.get() == null && stopping != null;
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"false", "true"})
    void aRequestReplyPairLetGoByItsWorkerKeepsItsLastMessageUnreachable(String pooled) throws Exception {
        system = ActorSystem.create("volley", Settings.empty().with("rota.pool.enabled", pooled));
        CountDownLatch over = new CountDownLatch(1);
        AtomicInteger volleys = new AtomicInteger();
        // A request/reply pair: each lingers with its worker after its turn, keeping the message in
        // hand for the next one, until its worker lets it go.
        ActorRef<Object> ponger = system.spawn(Props.create(() -> context -> context.reply(context.message())), "ponger");
        ActorRef<Object> pinger = system.spawn(Props.create(() -> context -> {
            if (volleys.incrementAndGet() < 1_000) {
                ponger.tell(context.message(), context.self());
            } else {
                over.countDown();
            }
        }), "pinger");
        Object payload = new byte[1 << 20];
        WeakReference<Object> payloadRef = new WeakReference<>(payload);

        pinger.tell(payload, null);
        payload = null;
        assertThat(over.await(10, TimeUnit.SECONDS)).as("the volleys ended").isTrue();

        await().atMost(Duration.ofSeconds(20)).until(() -> {
            System.gc();
            return payloadRef.get() == null;
        });
    }
}
