package io.github.rota.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.github.rota.api.Actor;
import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.DispatcherView;
import io.github.rota.api.Props;
import io.github.rota.api.ReceiveContext;
import io.github.rota.api.Settings;
import io.github.rota.api.WorkerStarvation;
import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.api.DispatcherCounter;
import io.github.rota.testkit.TestProbe;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The runtime on the work-stealing dispatcher: delivery under live retuning, fairness, threads. */
class WorkStealingRuntimeTest {

    private static final int WORKERS = 2;
    private ActorSystem system;

    private ActorSystem create(int throughput) {
        system = ActorSystem.create("ws", Settings.empty()
                .with("rota.dispatcher.default.kind", "work-stealing")
                .with("rota.dispatcher.default.workers", WORKERS)
                .with("rota.dispatcher.default.throughput", throughput));
        return system;
    }

    @AfterEach
    void terminate() throws Exception {
        system.terminate().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }

    private record Message(int sender, int sequence) {
    }

    /** Forwards each message it gets to a sink, from a worker thread: producers on workers. */
    private static final class Forwarder implements Actor<Message> {
        private final List<ActorRef<Message>> sinks;
        private final int id;
        private int sequence;
        private int[] perSink;

        Forwarder(int id, List<ActorRef<Message>> sinks) {
            this.id = id;
            this.sinks = sinks;
        }

        @Override
        public void receive(ReceiveContext<Message> context) {
            if (perSink == null) {
                perSink = new int[sinks.size()];
            }
            int target = sequence++ % sinks.size();
            sinks.get(target).tell(new Message(id, perSink[target]++));
        }
    }

    /** Checks per-sender order for senders 0..n-1. */
    private static final class Sink implements Actor<Message> {
        private final int[] next;
        private final LongAdder handled;
        private final ConcurrentLinkedQueue<String> violations;

        Sink(int senders, LongAdder handled, ConcurrentLinkedQueue<String> violations) {
            this.next = new int[senders];
            this.handled = handled;
            this.violations = violations;
        }

        @Override
        public void receive(ReceiveContext<Message> context) {
            Message m = context.message();
            if (m.sequence() != next[m.sender()]) {
                violations.add("sender " + m.sender() + " sent #" + m.sequence() + ", #" + next[m.sender()] + " was due");
            }
            next[m.sender()] = m.sequence() + 1;
            handled.increment();
        }
    }

    @Test
    void everyMessageIsDeliveredOnceInOrderWhileTheBudgetChangesAtRandom() throws Exception {
        ActorSystem s = create(32);
        Dispatcher dispatcher = ((RotaActorSystem) s).boundDispatcher("default").orElseThrow(); // retuned below
        int externalSenders = 2;
        int forwarders = 20;
        int sinks = 50;
        int perSender = 50_000;
        LongAdder handled = new LongAdder();
        ConcurrentLinkedQueue<String> violations = new ConcurrentLinkedQueue<>();
        List<ActorRef<Message>> sinkRefs = new ArrayList<>();
        for (int i = 0; i < sinks; i++) {
            sinkRefs.add(s.spawn(Props.create(() -> new Sink(externalSenders + forwarders, handled, violations)), "sink-" + i));
        }
        List<ActorRef<Message>> forwarderRefs = new ArrayList<>();
        for (int i = 0; i < forwarders; i++) {
            int id = externalSenders + i;
            forwarderRefs.add(s.spawn(Props.create(() -> new Forwarder(id, sinkRefs)), "forwarder-" + i));
        }

        AtomicBoolean sending = new AtomicBoolean(true);
        Thread retuner = new Thread(() -> {
            while (sending.get()) {
                dispatcher.setThroughputBudget(ThreadLocalRandom.current().nextInt(1, 1_025));
                Thread.onSpinWait();
            }
        });
        retuner.start();
        List<Thread> senders = new ArrayList<>();
        for (int p = 0; p < externalSenders; p++) {
            int id = p;
            senders.add(new Thread(() -> {
                int[] perSink = new int[sinks];
                for (int i = 0; i < perSender; i++) {
                    int target = (i * 13 + id) % sinks;
                    sinkRefs.get(target).tell(new Message(id, perSink[target]++));
                    forwarderRefs.get(i % forwarders).tell(new Message(id, 0)); // each makes one forward
                }
            }));
        }
        senders.forEach(Thread::start);
        for (Thread sender : senders) {
            sender.join();
        }
        long expected = 2L * externalSenders * perSender; // direct sends plus one forward each
        await().atMost(Duration.ofMinutes(2)).until(() -> handled.sum() >= expected);
        sending.set(false);
        retuner.join();
        assertThat(violations).isEmpty();
        assertThat(handled.sum()).isEqualTo(expected);
        assertThat(s.deadLetterCount()).isZero();
    }

    /** Never drains: every message it handles sends it another. Counts its messages per thread. */
    private static final class Hog implements Actor<String> {
        private final Map<Thread, AtomicLong> handledBy;

        Hog(Map<Thread, AtomicLong> handledBy) {
            this.handledBy = handledBy;
        }

        @Override
        public void receive(ReceiveContext<String> context) {
            handledBy.computeIfAbsent(Thread.currentThread(), t -> new AtomicLong()).incrementAndGet();
            context.self().tell("again");
        }
    }

    @Test
    void aProbeGetsATurnWithinABoundSetByTheBudgetWhileEveryWorkerHasAHog() {
        int budget = 32;
        ActorSystem s = create(budget);
        Map<Thread, AtomicLong> hogMessages = new ConcurrentHashMap<>();
        for (int i = 0; i < WORKERS; i++) {
            s.spawn(Props.create(() -> new Hog(hogMessages)), "hog-" + i).tell("start");
        }
        AtomicReference<Thread> probeThread = new AtomicReference<>();
        AtomicLong hogMessagesOnProbeThread = new AtomicLong();
        ActorRef<String> probe = s.spawn(Props.create(() -> context -> {
            hogMessagesOnProbeThread.set(hogMessages.getOrDefault(Thread.currentThread(), new AtomicLong()).get());
            probeThread.set(Thread.currentThread());
        }), "probe");
        await().until(() -> hogMessages.values().stream().mapToLong(AtomicLong::get).sum() > 100_000);

        for (int round = 0; round < 20; round++) {
            probeThread.set(null);
            probe.tell("are you starving?");
            // Counted from when the push has completed (a producer preempted inside it would
            // stretch any bound); a late snapshot only makes the count smaller.
            Map<Thread, Long> before = new HashMap<>();
            hogMessages.forEach((thread, count) -> before.put(thread, count.get()));
            await().until(() -> probeThread.get() != null);
            // Pushed from outside, the probe waits in the global queue, which a worker checks at
            // least every GLOBAL_CHECK_INTERVAL (61) takes; each take is one hog turn of at most
            // `budget` messages, and one more turn may be running when the probe arrives. Counted
            // on the worker that ran the probe, so the bound holds however the OS schedules threads.
            long ranOnThatWorker = hogMessagesOnProbeThread.get() - before.getOrDefault(probeThread.get(), 0L);
            assertThat(ranOnThatWorker).as("round %d", round).isLessThanOrEqualTo((61 + 1) * (long) budget);
        }
    }

    @Test
    void anActorStuckInItsTurnIsReportedOnTheEventStream() throws Exception {
        system = ActorSystem.create("starving", Settings.empty()
                .with("rota.dispatcher.default.starvationThresholdMs", 100));
        TestProbe<WorkerStarvation> reports = TestProbe.create(system);
        system.eventStream().subscribe(reports.ref(), WorkerStarvation.class);
        CountDownLatch release = new CountDownLatch(1);
        ActorRef<String> sleeper = system.spawn(Props.create(() -> context -> release.await()), "sleeper");
        sleeper.tell("block");
        WorkerStarvation report = reports.expectMessage();
        release.countDown();
        assertThat(report.dispatcherId()).isEqualTo("default");
        assertThat(report.stack()).anyMatch(frame -> frame.getClassName().contains("WorkStealingRuntimeTest"));
    }

    @Test
    void aHandlerThatRestoresTheInterruptFlagLeavesAnIdleWorkerParkedAndTheNextActorUninterrupted() {
        system = ActorSystem.create("interrupts", Settings.empty().with("rota.dispatcher.default.workers", 1));
        DispatcherView dispatcher = system.dispatcher("default").orElseThrow();
        ActorRef<String> restorer = system.spawn(Props.create(() -> context -> {
            Thread.currentThread().interrupt(); // as if someone interrupted the thread this handler runs on
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // the standard idiom: restore the flag
            }
        }), "restorer");
        AtomicReference<Boolean> nextSawTheFlag = new AtomicReference<>();
        ActorRef<String> next = system.spawn(Props.create(() -> context -> nextSawTheFlag.set(Thread.interrupted())), "next");

        restorer.tell("sleep");
        await().until(() -> dispatcher.stats().parkedWorkers() == 1);
        long parks = dispatcher.counter(DispatcherCounter.PARKS);
        await().during(Duration.ofSeconds(1)).atMost(Duration.ofSeconds(5))
                .until(() -> dispatcher.counter(DispatcherCounter.PARKS) == parks);

        next.tell("were you interrupted?");
        await().until(() -> nextSawTheFlag.get() != null);
        assertThat(nextSawTheFlag.get()).as("the next actor on that worker starts with the flag clear").isFalse();
    }

    @Test
    void aHundredThousandActorsRunOnTheWorkersAlone() {
        ActorSystem s = create(32);
        int baseline = Thread.getAllStackTraces().size();
        LongAdder handled = new LongAdder();
        int actors = 100_000;
        List<ActorRef<String>> refs = new ArrayList<>(actors);
        for (int i = 0; i < actors; i++) {
            refs.add(s.spawn(Props.create(() -> context -> handled.increment()), "a" + i));
        }
        refs.forEach(ref -> ref.tell("hi"));
        await().atMost(Duration.ofMinutes(1)).until(() -> handled.sum() == actors);

        long systemThreads = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("ws-")).count();
        assertThat(systemThreads).as("the workers, the starvation probe and, once used, the ask scheduler")
                .isBetween(WORKERS + 1L, WORKERS + 2L);
        assertThat(Thread.getAllStackTraces().size()).isLessThanOrEqualTo(baseline + 2);
    }
}
