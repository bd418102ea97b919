package io.github.rota.itests.osgi;

import static org.awaitility.Awaitility.await;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import io.github.rota.api.Actor;
import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.DeadLetter;
import io.github.rota.api.Props;
import io.github.rota.api.ReceiveContext;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Dictionary;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import javax.inject.Inject;
import org.junit.Before;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.service.cm.ConfigurationAdmin;

/**
 * The dispatcher is replaced under load — its bundle updated, its configuration changed to another
 * kind and worker count — while producers send 1,000,000 messages with per-sender sequence numbers:
 * every message arrives exactly once and in per-sender order, and none becomes a dead letter.
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
        return Distribution.options(HotSwapIT.class);
    }

    @Before
    public void started() {
        Distribution.awaitStarted(system);
    }

    private record Message(int producer, int sequence) {
    }

    /** Records per-producer order violations instead of throwing, so supervision hides nothing. */
    private static final class Checker implements Actor<Message> {
        private final int[] next = new int[PRODUCERS];
        private final LongAdder handled;
        private final ConcurrentLinkedQueue<String> violations;

        Checker(LongAdder handled, ConcurrentLinkedQueue<String> violations) {
            this.handled = handled;
            this.violations = violations;
        }

        @Override
        public void receive(ReceiveContext<Message> context) {
            Message m = context.message();
            if (m.sequence() != next[m.producer()]) {
                violations.add(context.self().name() + ": producer " + m.producer() + " sent #" + m.sequence()
                        + " but #" + next[m.producer()] + " was due");
            }
            next[m.producer()] = m.sequence() + 1;
            handled.increment();
        }
    }

    @Test
    public void replacingTheDispatcherUnderLoadLosesNoMessage() throws Exception {
        LongAdder handled = new LongAdder();
        LongAdder deadLetters = new LongAdder();
        ConcurrentLinkedQueue<String> violations = new ConcurrentLinkedQueue<>();
        List<ActorRef<Message>> actors = new ArrayList<>();
        for (int i = 0; i < ACTORS; i++) {
            actors.add(system.spawn(Props.create(() -> new Checker(handled, violations)), "checker-" + i));
        }
        ActorRef<DeadLetter> deadLetterCounter = system.spawn(Props.create(() -> (Actor<DeadLetter>) c -> {
            if (c.message().recipient().name().startsWith("checker-")) {
                deadLetters.increment();
            }
        }), "dead-letter-counter");
        system.eventStream().subscribe(deadLetterCounter, DeadLetter.class);

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
                    actors.get(i % ACTORS).tell(new Message(producer, i / ACTORS));
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
            io.github.rota.spi.dispatch.Dispatcher before = system.dispatcher("default").orElseThrow();
            swapsBegun.incrementAndGet();
            switch (swaps % 3) {
                case 0 -> dispatcherBundle.update(); // stop (actors wait), then a new revision starts
                case 1 -> reconfigure(config, "executor", "3");
                default -> reconfigure(config, "work-stealing", "2");
            }
            swaps++;
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> system.dispatcher("default").filter(d -> d != before).isPresent());
            if (swaps > 1_000) {
                throw new AssertionError("messages stopped arriving: " + handled.sum() + " of " + total);
            }
        }
        for (Thread producer : producers) {
            producer.join();
        }

        assertEquals("order violations: " + violations, 0, violations.size());
        assertEquals(total, handled.sum());
        assertEquals(0, deadLetters.sum());
        assertTrue(swaps >= CHUNKS);
    }

    private static void reconfigure(org.osgi.service.cm.Configuration config, String kind, String workers) throws Exception {
        Dictionary<String, Object> properties = config.getProperties();
        properties.put("kind", kind);
        properties.put("workers", workers);
        config.update(properties);
    }
}
