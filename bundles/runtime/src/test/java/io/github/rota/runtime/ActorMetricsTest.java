package io.github.rota.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.github.rota.api.Actor;
import io.github.rota.api.ActorContext;
import io.github.rota.api.ActorMetrics;
import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.Directive;
import io.github.rota.api.DispatcherError;
import io.github.rota.api.Props;
import io.github.rota.api.ReceiveContext;
import io.github.rota.api.Settings;
import io.github.rota.api.SupervisorStrategy;
import io.github.rota.testkit.TestProbe;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The metrics of tracked actors (Kamon's per-actor metrics): only actors whose path matches are
 * tracked, the counts are exact, about one message in the sample interval is timed, the timings
 * cover the time in the mailbox and the handling, and a tracked actor that stops is no longer listed.
 */
class ActorMetricsTest {

    private final List<ActorSystem> systems = new ArrayList<>();

    @AfterEach
    void terminate() throws Exception {
        for (ActorSystem system : systems) {
            system.terminate().toCompletableFuture().get(30, TimeUnit.SECONDS);
        }
    }

    private ActorSystem system(Settings settings) {
        ActorSystem system = ActorSystem.create("metrics", settings.withFallback(Settings.defaults()));
        systems.add(system);
        return system;
    }

    private static Settings tracking(String patterns) {
        return Settings.empty().with(Settings.METRICS_ACTORS, patterns);
    }

    private static Settings onTheCallingThread(Settings settings) {
        return settings.with(Settings.dispatcherKey("default", "kind"), "calling-thread");
    }

    private static ActorMetrics metricsOf(ActorSystem system, ActorRef<?> actor) {
        return system.trackedActors().stream().filter(m -> m.actor().equals(actor)).findFirst()
                .orElseThrow(() -> new AssertionError(actor.path() + " is not tracked: " + system.trackedActors()));
    }

    private static boolean isTracked(ActorSystem system, ActorRef<?> actor) {
        return system.trackedActors().stream().anyMatch(m -> m.actor().equals(actor));
    }

    private static Props<Object> sink() {
        return Props.create(() -> context -> { });
    }

    @Test
    void onlyActorsWhosePathMatchesAreTrackedAndTheOthersAreOrdinaryCells() {
        ActorSystem system = system(tracking("user/orders/**, user/pay-*"));
        TestProbe<Object> probe = TestProbe.create(system);
        ActorRef<Object> orders = system.spawn(Props.create(() -> new Actor<Object>() {
            @Override
            public void preStart(ActorContext<Object> context) {
                context.spawn(sink(), "o-1").tell("x");
            }

            @Override
            public void receive(ReceiveContext<Object> context) {
                context.reply(context.child("o-1").orElseThrow());
            }
        }), "orders");
        orders.tell("child?", probe.ref());
        ActorRef<?> child = (ActorRef<?>) probe.expectMessage(Duration.ofSeconds(5));
        ActorRef<Object> payments = system.spawn(sink(), "pay-eu");
        ActorRef<Object> other = system.spawn(sink(), "inventory");

        assertThat(system.trackedActors()).extracting(m -> m.actor().path()).containsExactlyInAnyOrder(
                "rota://metrics/user/orders", "rota://metrics/user/orders/o-1", "rota://metrics/user/pay-eu");
        assertThat(((LocalActorRef<?>) other).cell().turns).isExactlyInstanceOf(TurnLoop.class);
        assertThat(((LocalActorRef<?>) payments).cell().turns).isExactlyInstanceOf(TrackedTurnLoop.class);
        assertThat(isTracked(system, child)).isTrue();
    }

    @Test
    void withNoPatternNoActorIsTracked() {
        ActorSystem system = system(Settings.empty());
        ActorRef<Object> actor = system.spawn(sink(), "orders");
        actor.tell("x");

        assertThat(system.trackedActors()).isEmpty();
        assertThat(((LocalActorRef<?>) actor).cell()).isExactlyInstanceOf(ActorCell.class);
    }

    @Test
    void everyMessageIsCountedAndOneInTheSampleIntervalIsTimed() {
        // On the calling thread every send runs its turn before returning: the sampling is deterministic.
        ActorSystem system = system(onTheCallingThread(tracking("user/counter")));
        AtomicInteger received = new AtomicInteger();
        ActorRef<Object> counter = system.spawn(Props.create(() -> context -> received.incrementAndGet()), "counter");
        for (int i = 0; i < 6_400; i++) {
            counter.tell(i);
        }

        ActorMetrics metrics = metricsOf(system, counter);
        assertThat(received).hasValue(6_400);
        assertThat(metrics.processedMessages()).isEqualTo(6_400);
        assertThat(metrics.sampledMessages()).as("the first, then one after each 64 handled").isEqualTo(100);
        assertThat(metrics.errors()).isZero();
        assertThat(metrics.mailboxSize()).isZero();
    }

    @Test
    void theSampleIntervalIsASetting() {
        ActorSystem system = system(onTheCallingThread(tracking("user/counter").with(Settings.METRICS_SAMPLE_INTERVAL, 8)));
        ActorRef<Object> counter = system.spawn(sink(), "counter");
        for (int i = 0; i < 800; i++) {
            counter.tell(i);
        }

        assertThat(metricsOf(system, counter).sampledMessages()).isEqualTo(100);
    }

    @Test
    void theTimingsCoverTheWaitInTheMailboxAndTheHandling() throws Exception {
        ActorSystem system = system(tracking("user/slow").with(Settings.METRICS_SAMPLE_INTERVAL, 1));
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicLong handling = new AtomicLong();
        List<long[]> samples = new CopyOnWriteArrayList<>();
        ActorRef<Object> slow = system.spawn(Props.create(() -> new Actor<Object>() {
            @Override
            public void preStart(ActorContext<Object> context) throws InterruptedException {
                started.countDown();
                release.await(); // holds the first message in the mailbox
            }

            @Override
            public void receive(ReceiveContext<Object> context) {
                long from = System.nanoTime();
                while (System.nanoTime() - from < 5_000_000) {
                    Thread.onSpinWait();
                }
                handling.set(System.nanoTime() - from);
            }
        }), "slow");
        metricsOf(system, slow).addSampleListener((inMailbox, processing) -> samples.add(new long[] {inMailbox, processing}));
        assertThat(started.await(5, TimeUnit.SECONDS)).isTrue();

        slow.tell("first");
        long sent = System.nanoTime();
        Thread.sleep(20); // the message waits at least this long
        long released = System.nanoTime();
        release.countDown();

        ActorMetrics metrics = metricsOf(system, slow);
        await().atMost(Duration.ofSeconds(5)).until(() -> metrics.sampledMessages() == 1);
        long waited = released - sent;
        assertThat(metrics.timeInMailboxNanos()).isGreaterThanOrEqualTo(waited);
        assertThat(metrics.processingNanos()).isGreaterThanOrEqualTo(handling.get());
        await().atMost(Duration.ofSeconds(5)).until(() -> samples.size() == 1);
        assertThat(samples.get(0)).containsExactly(metrics.timeInMailboxNanos(), metrics.processingNanos());
    }

    @Test
    void failuresOfTheActorsOwnCodeAreCountedAsErrors() {
        ActorSystem system = system(tracking("user/parent/**"));
        TestProbe<Object> probe = TestProbe.create(system);
        ActorRef<Object> parent = system.spawn(Props.create(() -> new Actor<Object>() {
            private ActorRef<Object> child;

            @Override
            public void preStart(ActorContext<Object> context) {
                child = context.spawn(Props.create(() -> c -> {
                    if ("boom".equals(c.message())) {
                        throw new IllegalStateException("boom");
                    }
                    c.reply(c.message());
                }), "child");
            }

            @Override
            public void receive(ReceiveContext<Object> context) {
                child.tell(context.message(), context.sender());
            }
        }).withSupervisorStrategy(SupervisorStrategy.oneForOne(cause -> Directive.RESUME)), "parent");
        for (int i = 0; i < 10; i++) {
            parent.tell(i % 3 == 0 && i > 0 ? "boom" : "ok-" + i, probe.ref());
        }
        probe.receiveMessages(7, Duration.ofSeconds(5));

        ActorRef<?> child = system.trackedActors().stream().map(ActorMetrics::actor)
                .filter(a -> a.path().endsWith("/child")).findFirst().orElseThrow();
        ActorMetrics childMetrics = metricsOf(system, child);
        await().atMost(Duration.ofSeconds(5)).until(() -> childMetrics.processedMessages() == 10);
        assertThat(childMetrics.errors()).as("messages 3, 6 and 9 threw").isEqualTo(3);
        assertThat(metricsOf(system, parent).errors()).as("the supervisor did not fail").isZero();
        assertThat(metricsOf(system, parent).processedMessages()).isEqualTo(10);
    }

    @Test
    void aStoppedActorIsNoLongerTrackedAndTheLimitHoldsAtEveryMoment() {
        ActorSystem system = system(tracking("user/a-*").with(Settings.METRICS_MAX_ACTORS, 2));
        TestProbe<Object> probe = TestProbe.create(system);
        ActorRef<Object> first = system.spawn(sink(), "a-1");
        ActorRef<Object> second = system.spawn(sink(), "a-2");
        ActorRef<Object> third = system.spawn(sink(), "a-3");

        assertThat(system.trackedActors()).extracting(ActorMetrics::actor).containsExactlyInAnyOrder(first, second);
        assertThat(((LocalActorRef<?>) third).cell()).isExactlyInstanceOf(ActorCell.class);

        probe.watch(first);
        system.stop(first);
        probe.expectTerminated(first, Duration.ofSeconds(5));
        assertThat(system.trackedActors()).extracting(ActorMetrics::actor).containsExactly(second);
        ActorRef<Object> fourth = system.spawn(sink(), "a-4");
        assertThat(system.trackedActors()).extracting(ActorMetrics::actor).containsExactlyInAnyOrder(second, fourth);
    }

    @Test
    void aSpawnRefusedForATakenNameGivesItsTrackedSlotBack() {
        ActorSystem system = system(tracking("user/a-*").with(Settings.METRICS_MAX_ACTORS, 1));
        ActorRef<Object> first = system.spawn(sink(), "a-1");
        assertThatThrownBy(() -> system.spawn(sink(), "a-1")).isInstanceOf(IllegalArgumentException.class);
        TestProbe<Object> probe = TestProbe.create(system);
        probe.watch(first);
        system.stop(first);
        probe.expectTerminated(first, Duration.ofSeconds(5));

        ActorRef<Object> next = system.spawn(sink(), "a-2");
        assertThat(system.trackedActors()).extracting(ActorMetrics::actor).containsExactly(next);
    }

    @Test
    void aListenerThatThrowsIsRemovedAndTheActorCarriesOn() {
        ActorSystem system = system(onTheCallingThread(tracking("user/counter").with(Settings.METRICS_SAMPLE_INTERVAL, 1)));
        AtomicInteger received = new AtomicInteger();
        ActorRef<Object> counter = system.spawn(Props.create(() -> context -> received.incrementAndGet()), "counter");
        ActorMetrics metrics = metricsOf(system, counter);
        AtomicInteger calls = new AtomicInteger();
        metrics.addSampleListener((inMailbox, processing) -> {
            calls.incrementAndGet();
            throw new IllegalStateException("a broken reporter");
        });
        AtomicInteger kept = new AtomicInteger();
        metrics.addSampleListener((inMailbox, processing) -> kept.incrementAndGet());
        for (int i = 0; i < 10; i++) {
            counter.tell(i);
        }

        assertThat(received).hasValue(10);
        assertThat(calls).hasValue(1);
        assertThat(kept).hasValue(10);
        assertThat(metrics.sampledMessages()).isEqualTo(10);
    }

    @Test
    void aMailboxThatThrowsOnTheSampledMessageDoesNotEndTheSampling() {
        ActorSystem system = system(onTheCallingThread(tracking("user/picky").with(Settings.METRICS_SAMPLE_INTERVAL, 1)));
        AtomicInteger received = new AtomicInteger();
        ActorRef<Object> picky = system.spawn(Props.create(() -> context -> received.incrementAndGet())
                .withMailbox("picky"), "picky");
        assertThatThrownBy(() -> picky.tell(PickyMailboxType.UNACCEPTABLE)).isInstanceOf(IllegalArgumentException.class);
        for (int i = 0; i < 10; i++) {
            picky.tell(i);
        }

        ActorMetrics metrics = metricsOf(system, picky);
        assertThat(received).hasValue(10);
        assertThat(metrics.sampledMessages()).as("the first send took the sample and threw; the next ones are timed")
                .isEqualTo(10);
    }

    @Test
    void aSpawnWhoseMailboxCannotBeMadeTakesNoTrackedSlot() {
        ActorSystem system = system(tracking("user/a-*").with(Settings.METRICS_MAX_ACTORS, 1)
                .with("rota.mailbox.broken.type", "picky").with("rota.mailbox.broken.broken", true));
        Props<Object> broken = Props.create(() -> context -> { });
        for (int i = 0; i < 3; i++) {
            String name = "a-broken-" + i;
            assertThatThrownBy(() -> system.spawn(broken.withMailbox("broken"), name)).isInstanceOf(IllegalStateException.class);
        }

        ActorRef<Object> next = system.spawn(sink(), "a-1");
        assertThat(system.trackedActors()).extracting(ActorMetrics::actor).containsExactly(next);
    }

    /**
     * Many senders race for each armed sample while the envelopes are pooled and checked: every
     * message arrives once and in order per sender, none is read after its envelope was recycled,
     * and each sample is one message's.
     */
    @Test
    void racingSendersLoseNoMessageAndTimeOneMessagePerSample() throws Exception {
        ActorSystem system = system(tracking("user/hot").with(Settings.METRICS_SAMPLE_INTERVAL, 1)
                .with(Settings.POOL_ENABLED, true).with(Settings.POOL_DEBUG, true));
        List<DispatcherError> faults = new CopyOnWriteArrayList<>();
        ActorRef<DispatcherError> faultSink = system.spawn(Props.create(() -> c -> faults.add(c.message())), "faults");
        system.eventStream().subscribe(faultSink, DispatcherError.class);
        int senders = 4;
        int each = 25_000;
        int[] next = new int[senders];
        AtomicInteger outOfOrder = new AtomicInteger();
        AtomicInteger received = new AtomicInteger();
        ActorRef<int[]> hot = system.spawn(Props.create(() -> context -> {
            int[] m = context.message();
            if (next[m[0]]++ != m[1]) {
                outOfOrder.incrementAndGet();
            }
            received.incrementAndGet();
        }), "hot");
        List<Thread> threads = new ArrayList<>();
        for (int s = 0; s < senders; s++) {
            int sender = s;
            Thread thread = new Thread(() -> {
                for (int i = 0; i < each; i++) {
                    hot.tell(new int[] {sender, i});
                }
            }, "sender-" + s);
            thread.start();
            threads.add(thread);
        }
        for (Thread thread : threads) {
            thread.join();
        }

        ActorMetrics metrics = metricsOf(system, hot);
        await().atMost(Duration.ofSeconds(30)).until(() -> metrics.processedMessages() == (long) senders * each);
        assertThat(received).hasValue(senders * each);
        assertThat(outOfOrder).hasValue(0);
        assertThat(faults).isEmpty();
        assertThat(metrics.sampledMessages()).isPositive().isLessThanOrEqualTo(metrics.processedMessages());
        assertThat(metrics.timeInMailboxNanos()).isNotNegative();
    }

    @Test
    void invalidTrackingSettingsAreRefusedWithTheKeyAndTheValue() {
        assertThatThrownBy(() -> system(tracking("user//x")))
                .hasMessageContaining(Settings.METRICS_ACTORS).hasMessageContaining("user//x");
        assertThatThrownBy(() -> system(tracking("user/a b")))
                .hasMessageContaining(Settings.METRICS_ACTORS).hasMessageContaining("user/a b");
        assertThatThrownBy(() -> system(Settings.empty().with(Settings.METRICS_SAMPLE_INTERVAL, 48)))
                .hasMessageContaining(Settings.METRICS_SAMPLE_INTERVAL).hasMessageContaining("power of two").hasMessageContaining("'48'");
        assertThatThrownBy(() -> system(Settings.empty().with(Settings.METRICS_SAMPLE_INTERVAL, "often")))
                .hasMessageContaining(Settings.METRICS_SAMPLE_INTERVAL).hasMessageContaining("'often'");
        assertThatThrownBy(() -> system(Settings.empty().with(Settings.METRICS_MAX_ACTORS, 0)))
                .hasMessageContaining(Settings.METRICS_MAX_ACTORS).hasMessageContaining("'0'");
        assertThat(systems).isEmpty();
    }
}
