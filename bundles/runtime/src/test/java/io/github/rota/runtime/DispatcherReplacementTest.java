package io.github.rota.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.github.rota.api.Actor;
import io.github.rota.api.ActorRef;
import io.github.rota.api.Props;
import io.github.rota.api.Settings;
import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.DispatcherConfig;
import io.github.rota.spi.mailbox.MailboxConfig;
import io.github.rota.spi.mailbox.MailboxType;
import io.github.rota.spi.pool.EnvelopePool;
import io.github.rota.testkit.DeliveryLedger;
import io.github.rota.testkit.DeliveryLedger.Tracked;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Dispatchers as services that come and go (the OSGi case): actors wait while no dispatcher is bound,
 * and replacing the dispatcher under load — with or without a gap — loses, repeats and reorders
 * nothing.
 */
class DispatcherReplacementTest {

    private static final int PRODUCERS = 4;
    private static final int MESSAGES_PER_PRODUCER = 250_000;
    private static final int ACTORS = 50;

    private final Providers providers = Providers.load();
    private final List<Dispatcher> created = new ArrayList<>();
    private RotaActorSystem system;
    private Dispatchers.Bound services;

    @AfterEach
    void tearDown() throws Exception {
        if (system != null) {
            system.terminate().toCompletableFuture().get(30, TimeUnit.SECONDS);
        }
        created.forEach(Dispatcher::stop);
    }

    @Test
    void actorsWaitWhileNoDispatcherIsBoundAndRunOnceOneIs() {
        system = servicesSystem();
        LongAdder handled = new LongAdder();
        ActorRef<String> counter = system.spawn(Props.create(() -> (Actor<String>) context -> handled.increment()), "counter");
        for (int i = 0; i < 100; i++) {
            counter.tell("m" + i);
        }

        assertThat(handled.sum()).isZero();
        assertThat(system.waitingForDispatcher()).isPositive();

        services.bind(dispatcher("work-stealing"));
        await().atMost(Duration.ofSeconds(10)).until(() -> handled.sum() == 100);
        assertThat(system.waitingForDispatcher()).isZero();
    }

    @Test
    void replacingTheDispatcherUnderLoadDeliversEveryMessageOnceInPerSenderOrder() throws Exception {
        system = servicesSystem();
        Dispatcher current = dispatcher("work-stealing");
        services.bind(current);
        DeliveryLedger ledger = DeliveryLedger.attach(system);
        List<ActorRef<Tracked>> actors = new ArrayList<>();
        for (int i = 0; i < ACTORS; i++) {
            actors.add(system.spawn(Props.create(() -> (Actor<Tracked>) c -> ledger.handled(c.message())), "checker-" + i));
        }
        List<Thread> producers = new ArrayList<>();
        for (int p = 0; p < PRODUCERS; p++) {
            int producer = p;
            producers.add(new Thread(() -> {
                for (int i = 0; i < MESSAGES_PER_PRODUCER; i++) {
                    ActorRef<Tracked> actor = actors.get(i % ACTORS);
                    actor.tell(ledger.next(producer, actor));
                }
            }, "producer-" + p));
        }
        producers.forEach(Thread::start);

        int swaps = 0;
        while (swaps < 10 || producers.stream().anyMatch(Thread::isAlive)) {
            Dispatcher next = dispatcher(swaps % 2 == 0 ? "executor" : "work-stealing");
            if (swaps % 3 == 0) {
                // A gap: no dispatcher for a moment, so actors must wait and mailboxes keep filling.
                remove(current);
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(2));
                services.bind(next);
            } else {
                services.bind(next);
                remove(current);
            }
            current = next;
            swaps++;
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
        }
        for (Thread producer : producers) {
            producer.join();
        }

        DeliveryLedger.Report report = ledger.settle(Duration.ofSeconds(60)).assertExact();
        assertThat(report.sent()).isEqualTo((long) PRODUCERS * MESSAGES_PER_PRODUCER);
        assertThat(report.dead()).isZero();
        assertThat(system.deadLetterCount()).isZero();
        assertThat(swaps).isGreaterThanOrEqualTo(10);
    }

    @ParameterizedTest
    @ValueSource(strings = {"work-stealing", "executor", "pinned"})
    void replacingADispatcherWhileOneOfItsActorsNeverDrainsCompletesAndLosesNothing(String kind) throws Exception {
        system = servicesSystem();
        Dispatcher current = dispatcher(kind);
        services.bind(current);
        DeliveryLedger ledger = DeliveryLedger.attach(system);
        LongAdder selfSends = new LongAdder();
        // Every message it handles sends it another: its mailbox never drains, so its turns never end idle.
        ActorRef<Object> hog = system.spawn(Props.create(() -> (Actor<Object>) context -> {
            if (context.message() instanceof Tracked tracked) {
                ledger.handled(tracked);
            } else {
                selfSends.increment();
                context.self().tell("again");
            }
        }), "hog");
        hog.tell("again");
        @SuppressWarnings("unchecked")
        ActorRef<Tracked> tracked = (ActorRef<Tracked>) (ActorRef<?>) hog;
        Thread producer = new Thread(() -> {
            for (int i = 0; i < 20_000; i++) {
                tracked.tell(ledger.next(0, tracked));
            }
        });
        producer.start();
        await().until(() -> selfSends.sum() > 1_000);

        Dispatcher next = dispatcher(kind);
        CompletableFuture<Void> replaced = CompletableFuture.runAsync(() -> {
            services.bind(next);
            remove(current);
        });
        replaced.get(30, TimeUnit.SECONDS); // hung for ever on the executor and pinned kinds
        producer.join();
        long before = selfSends.sum();
        await().until(() -> selfSends.sum() > before + 1_000); // and the hog goes on, on the new one

        DeliveryLedger.Report report = ledger.settle(Duration.ofSeconds(60)).assertExact();
        assertThat(report.sent()).isEqualTo(20_000);
        assertThat(report.dead()).isZero();
    }

    private RotaActorSystem servicesSystem() {
        Map<String, MailboxType> mailboxes = new TreeMap<>();
        providers.mailboxTypes().forEach((id, type) -> mailboxes.put(id, type.configure(new MailboxConfig(id, Map.of()))));
        services = Dispatchers.bound(List.of());
        RotaActorSystem system = new RotaActorSystem("swap", Settings.empty(), "default", "unbounded", services,
                mailboxes, EnvelopePool.allocating(), false, new RotaEventStream(), ActorTracking.OFF);
        system.start();
        return system;
    }

    /** As the dispatcher component takes a dispatcher out of service: unbound, then stopped by its owner. */
    private void remove(Dispatcher dispatcher) {
        services.unbind(dispatcher);
        Dispatcher.stopAndHandBack(dispatcher);
    }

    private Dispatcher dispatcher(String kind) {
        Map<String, String> properties = kind.equals("pinned") ? Map.of() : Map.of("workers", "2");
        Dispatcher dispatcher = providers.dispatcherKinds().get(kind)
                .create(new DispatcherConfig("swap", "default", 32, properties));
        dispatcher.start();
        created.add(dispatcher);
        return dispatcher;
    }
}
