package io.github.rota.itests.osgi;

import static org.awaitility.Awaitility.await;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import io.github.rota.api.Actor;
import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.DispatcherView;
import io.github.rota.api.Props;
import io.github.rota.testkit.DeliveryLedger;
import io.github.rota.testkit.DeliveryLedger.Tracked;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Dictionary;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import javax.inject.Inject;
import org.junit.Before;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.CoreOptions;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.service.cm.ConfigurationAdmin;

/**
 * The dispatcher is replaced under load — its bundle updated, its configuration changed to another
 * kind and worker count — while producers send 1,000,000 numbered messages: the
 * {@link DeliveryLedger} shows every message handled exactly once and in per-sender order, and none
 * a dead letter.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class HotSwapIT {

    private static final int PRODUCERS = 4;
    private static final int MESSAGES_PER_PRODUCER = 250_000;
    private static final int ACTORS = 100;
    private static final int CHUNKS = 12;

    @Inject
    private BundleContext context;
    @Inject
    private ConfigurationAdmin configAdmin;
    @Inject
    private ActorSystem system;

    @Configuration
    public Option[] config() {
        return CoreOptions.options(CoreOptions.composite(Distribution.options(HotSwapIT.class)), Distribution.testkit());
    }

    @Before
    public void started() {
        Distribution.awaitStarted(system);
    }

    @Test
    public void replacingTheDispatcherUnderLoadLosesNoMessage() throws Exception {
        DeliveryLedger ledger = DeliveryLedger.attach(system);
        LongAdder handled = new LongAdder();
        List<ActorRef<Tracked>> actors = new ArrayList<>();
        for (int i = 0; i < ACTORS; i++) {
            actors.add(system.spawn(Props.create(() -> (Actor<Tracked>) c -> {
                ledger.handled(c.message());
                handled.increment();
            }), "checker-" + i));
        }

        // Producers send in chunks, each after one more replacement has begun, so that replacements
        // happen throughout the run, with messages queued, however fast this machine is.
        AtomicInteger swapsBegun = new AtomicInteger();
        List<Thread> producers = new ArrayList<>();
        for (int p = 0; p < PRODUCERS; p++) {
            int producer = p;
            producers.add(new Thread(() -> {
                int perChunk = MESSAGES_PER_PRODUCER / CHUNKS;
                for (int i = 0; i < MESSAGES_PER_PRODUCER; i++) {
                    int chunk = i / perChunk;
                    if (i % perChunk == 0 && chunk > 0) {
                        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(1))
                                .until(() -> swapsBegun.get() >= chunk);
                    }
                    ActorRef<Tracked> actor = actors.get(i % ACTORS);
                    actor.tell(ledger.next(producer, actor));
                }
            }, "producer-" + p));
        }
        producers.forEach(Thread::start);

        Bundle dispatcherBundle = Arrays.stream(context.getBundles())
                .filter(b -> "io.github.rota.dispatcher".equals(b.getSymbolicName())).findFirst().orElseThrow();
        org.osgi.service.cm.Configuration config = configAdmin.getFactoryConfiguration("io.github.rota.dispatcher", "default", "?");
        long total = (long) PRODUCERS * MESSAGES_PER_PRODUCER;
        int swaps = 0;
        // Keep replacing until every message has been handled, so swaps overlap the whole run.
        while (swaps < CHUNKS || handled.sum() < total) {
            DispatcherView before = system.dispatcher("default").orElseThrow();
            swapsBegun.incrementAndGet();
            switch (swaps % 3) {
                case 0 -> dispatcherBundle.update(); // stop (actors wait), then a new revision starts
                case 1 -> reconfigure(config, "executor", "3");
                default -> reconfigure(config, "work-stealing", "2");
            }
            swaps++;
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> system.dispatcher("default").filter(d -> !d.equals(before)).isPresent());
            if (swaps > 1_000) {
                throw new AssertionError("messages stopped arriving: " + handled.sum() + " of " + total);
            }
        }
        for (Thread producer : producers) {
            producer.join();
        }

        DeliveryLedger.Report report = ledger.settle(Duration.ofMinutes(2)).assertExact();
        assertEquals(total, report.sent());
        assertEquals("no message may become a dead letter: " + report, 0, report.dead());
        assertTrue(swaps >= CHUNKS);
    }

    /**
     * A dispatcher "hogs" whose one actor never drains (every message it handles sends it another)
     * is reconfigured through ConfigAdmin from kind to kind: each replacement stops the old
     * dispatcher at its next turn boundary, so the change completes (the executor and pinned kinds
     * never stopped under such an actor, and the ConfigAdmin thread hung in stop()), and the
     * messages sent to the actor meanwhile are all handled, once, in order.
     */
    @Test
    public void reconfiguringEachKindWhileOneOfItsActorsNeverDrainsCompletesAndLosesNothing() throws Exception {
        org.osgi.service.cm.Configuration config = configAdmin.getFactoryConfiguration("io.github.rota.dispatcher", "hogs", "?");
        reconfigureHogs(config, "executor");
        await().atMost(Duration.ofSeconds(30)).until(() -> system.dispatcher("hogs").isPresent());
        DeliveryLedger ledger = DeliveryLedger.attach(system);
        LongAdder selfSends = new LongAdder();
        ActorRef<Object> hog = system.spawn(Props.create(() -> (Actor<Object>) c -> {
            if (c.message() instanceof Tracked tracked) {
                ledger.handled(tracked);
            } else {
                selfSends.increment();
                c.self().tell("again");
            }
        }).withDispatcher("hogs"), "hog");
        hog.tell("again");
        @SuppressWarnings("unchecked")
        ActorRef<Tracked> tracked = (ActorRef<Tracked>) (ActorRef<?>) hog;
        int messages = 30_000;
        Thread producer = new Thread(() -> {
            for (int i = 0; i < messages; i++) {
                tracked.tell(ledger.next(0, tracked));
                if (i % 1_000 == 0) {
                    java.util.concurrent.locks.LockSupport.parkNanos(1_000_000); // spread over the replacements
                }
            }
        }, "hog-producer");
        producer.start();

        for (String kind : List.of("pinned", "work-stealing", "executor", "pinned", "work-stealing")) {
            DispatcherView before = system.dispatcher("hogs").orElseThrow();
            long hogBefore = selfSends.sum();
            reconfigureHogs(config, kind);
            await().atMost(Duration.ofSeconds(30)).until(() -> system.dispatcher("hogs")
                    .filter(d -> !d.equals(before) && d.kind().equals(kind)).isPresent());
            await().atMost(Duration.ofSeconds(30)).until(() -> selfSends.sum() > hogBefore + 1_000);
        }
        producer.join();
        DeliveryLedger.Report report = ledger.settle(Duration.ofMinutes(2)).assertExact();
        assertEquals(messages, report.sent());
        assertEquals(0, report.dead());

        io.github.rota.testkit.TestProbe<Object> watcher = io.github.rota.testkit.TestProbe.create(system);
        watcher.watch(hog);
        system.stop(hog);
        watcher.expectTerminated(hog, Duration.ofSeconds(30));
        config.delete();
        await().atMost(Duration.ofSeconds(30)).until(() -> system.dispatcher("hogs").isEmpty());
    }

    private static void reconfigureHogs(org.osgi.service.cm.Configuration config, String kind) throws Exception {
        Dictionary<String, Object> properties = new java.util.Hashtable<>();
        properties.put("id", "hogs");
        properties.put("kind", kind);
        if (!kind.equals("pinned")) {
            properties.put("workers", "2"); // the pinned kind has a thread per actor, and no such key
        }
        config.update(properties);
    }

    private static void reconfigure(org.osgi.service.cm.Configuration config, String kind, String workers) throws Exception {
        Dictionary<String, Object> properties = config.getProperties();
        properties.put("kind", kind);
        properties.put("workers", workers);
        config.update(properties);
    }
}
