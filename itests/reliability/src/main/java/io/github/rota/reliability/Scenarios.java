package io.github.rota.reliability;

import io.github.rota.api.Actor;
import io.github.rota.api.ActorContext;
import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.Directive;
import io.github.rota.api.PoisonPill;
import io.github.rota.api.Props;
import io.github.rota.api.ReceiveContext;
import io.github.rota.api.SupervisorStrategy;
import io.github.rota.api.management.DispatcherMXBean;
import io.github.rota.testkit.DeliveryLedger;
import io.github.rota.testkit.DeliveryLedger.Tracked;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;
import javax.management.JMX;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;

/**
 * The reliability scenarios. Each drives numbered traffic through an {@link ActorSystem} while it
 * injects one kind of fault, and returns an {@link Outcome}: the {@link DeliveryLedger}'s exact
 * accounting plus whatever else the scenario checks. They take the system as given, so the same
 * code runs on the module path (a system per scenario) and in Felix (the {@code ActorSystem} service).
 */
public final class Scenarios {

    /** How long the last messages of a run may take to be handled or dead-lettered. */
    static final Duration SETTLE = Duration.ofMinutes(2);
    private static final AtomicInteger RUNS = new AtomicInteger();

    private Scenarios() {
    }

    /**
     * Random live budget changes through JMX (1..1,024, one every 200 µs) on {@code dispatcherId} while 4
     * senders each send {@code messagesEach} messages to 64 actors on it. Nothing may become a dead
     * letter.
     */
    public static Outcome budgetChanges(ActorSystem system, String dispatcherId, int messagesEach) throws Exception {
        String name = "budget-" + RUNS.incrementAndGet();
        DeliveryLedger ledger = DeliveryLedger.attach(system);
        List<ActorRef<Tracked>> receivers = receivers(system, name, 64, dispatcherId, ledger, null);
        // Retuned as an operator would: through the dispatcher's MBean (on the module path the
        // system registers it; writes there are applied live and not saved anywhere).
        DispatcherMXBean dispatcher = JMX.newMXBeanProxy(ManagementFactory.getPlatformMBeanServer(),
                new ObjectName("io.github.rota:type=" + DispatcherMXBean.TYPE + ",system=" + system.name()
                        + ",name=" + dispatcherId), DispatcherMXBean.class);
        int before = dispatcher.getThroughputBudget();
        AtomicBoolean sending = new AtomicBoolean(true);
        LongAdder changes = new LongAdder();
        Thread changer = new Thread(() -> {
            Random random = new Random(42);
            while (sending.get()) {
                dispatcher.setThroughputBudget(1 + random.nextInt(1024));
                changes.increment();
                LockSupport.parkNanos(200_000);
            }
        }, name + "-changer");
        changer.start();
        List<String> problems = new ArrayList<>();
        Traffic traffic = Traffic.start(ledger, receivers, 4, messagesEach, 0);
        finish(traffic, problems);
        sending.set(false);
        changer.join();
        dispatcher.setThroughputBudget(before);
        DeliveryLedger.Report report = ledger.settle(SETTLE);
        if (report.dead() != 0) {
            problems.add(report.dead() + " dead letters though no actor stopped");
        }
        receivers.forEach(system::stop);
        return new Outcome("budget-changes", report, changes.sum(), problems);
    }

    /**
     * Eight children fail on every 1,000th message of theirs under a supervisor whose strategy
     * answers {@code directive}, while bystanders on the same dispatcher get traffic of their own:
     * the children's messages add up, the bystanders lose nothing and see no dead letter, and the
     * dispatcher keeps every worker thread.
     */
    public static Outcome failingHandlers(ActorSystem system, Directive directive, int messagesEach) throws Exception {
        String name = "fail-" + directive.name().toLowerCase() + "-" + RUNS.incrementAndGet();
        DeliveryLedger faulty = DeliveryLedger.attach(system);
        DeliveryLedger calm = DeliveryLedger.attach(system);
        LongAdder faults = new LongAdder();
        Set<String> workersBefore = workers(system, "default");
        CompletableFuture<List<ActorRef<Tracked>>> children = new CompletableFuture<>();
        ActorRef<Object> supervisor = system.spawn(Props.create(() -> new Supervisor(faulty, faults, children))
                .withSupervisorStrategy(SupervisorStrategy.oneForOne(cause -> directive)), name);
        List<ActorRef<Tracked>> targets = children.get(10, TimeUnit.SECONDS);
        List<ActorRef<Tracked>> bystanders = receivers(system, name + "-bystander", 16, null, calm, null);

        List<String> problems = new ArrayList<>();
        Traffic failing = Traffic.start(faulty, targets, 2, messagesEach, 0);
        Traffic steady = Traffic.start(calm, bystanders, 2, messagesEach, 100);
        finish(failing, problems);
        finish(steady, problems);
        DeliveryLedger.Report bystanderReport = calm.settle(SETTLE);
        if (!bystanderReport.exact() || bystanderReport.dead() != 0) {
            problems.add("bystander traffic affected: " + bystanderReport);
        }
        DeliveryLedger.Report report = faulty.settle(SETTLE);
        if (faults.sum() == 0) {
            problems.add("no fault was injected");
        }
        Set<String> workersAfter = workers(system, "default");
        if (!workersAfter.equals(workersBefore)) {
            problems.add("worker threads changed from " + workersBefore + " to " + workersAfter);
        }
        system.stop(supervisor);
        bystanders.forEach(system::stop);
        return new Outcome("failing-handlers-" + directive.name().toLowerCase(), report, faults.sum(), problems);
    }

    /**
     * A PoisonPill for each of 100 actors, at random moments while 4 senders each send
     * {@code messagesEach} messages to them: what arrives after a pill becomes a dead letter, and
     * every actor's {@code postStop} runs exactly once.
     */
    public static Outcome poisonPillStorm(ActorSystem system, int messagesEach) throws Exception {
        String name = "pills-" + RUNS.incrementAndGet();
        DeliveryLedger ledger = DeliveryLedger.attach(system);
        Map<String, AtomicInteger> stops = new ConcurrentHashMap<>();
        List<ActorRef<Tracked>> receivers = receivers(system, name, 100, null, ledger, stops);
        List<ActorRef<Tracked>> order = new ArrayList<>(receivers);
        Collections.shuffle(order, new Random(7));

        List<String> problems = new ArrayList<>();
        Traffic traffic = Traffic.start(ledger, receivers, 4, messagesEach, 0);
        Random random = new Random(11);
        for (ActorRef<Tracked> receiver : order) {
            LockSupport.parkNanos(random.nextInt(2_000_000));
            PoisonPill.sendTo(receiver);
        }
        finish(traffic, problems);
        DeliveryLedger.Report report = ledger.settle(SETTLE);
        awaitStops(stops, receivers.size(), problems);
        return new Outcome("poison-pill-storm", report, order.size(), problems);
    }

    /**
     * Eight actors with bounded mailboxes ({@code mailboxId}) on {@code dispatcherId} hold their first
     * message until every sender is done: the 4 senders, {@code messagesEach} messages each, must
     * finish while nothing is being taken out (no sender blocks on a full mailbox), and what did not
     * fit becomes a MAILBOX_FULL dead letter.
     */
    public static Outcome boundedOverflow(ActorSystem system, String dispatcherId, String mailboxId, int messagesEach)
            throws Exception {
        String name = "overflow-" + RUNS.incrementAndGet();
        DeliveryLedger ledger = DeliveryLedger.attach(system);
        CountDownLatch hold = new CountDownLatch(1);
        List<ActorRef<Tracked>> receivers = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            receivers.add(system.spawn(Props.create(() -> (Actor<Tracked>) c -> {
                ledger.handled(c.message());
                hold.await();
            }).withDispatcher(dispatcherId).withMailbox(mailboxId), name + "-" + i));
        }
        List<String> problems = new ArrayList<>();
        Traffic traffic = Traffic.start(ledger, receivers, 4, messagesEach, 0);
        if (!traffic.finish(2, TimeUnit.MINUTES)) {
            problems.add("senders blocked on full mailboxes");
        }
        hold.countDown();
        DeliveryLedger.Report report = ledger.settle(SETTLE);
        if (report.deadLetters().get(io.github.rota.api.DeadLetter.Reason.MAILBOX_FULL) == 0) {
            problems.add("no mailbox overflowed");
        }
        receivers.forEach(system::stop);
        return new Outcome("bounded-overflow", report, report.dead(), problems);
    }

    /**
     * {@code terminate()} while 4 senders keep sending to 50 actors with a child each: termination
     * completes, every actor's {@code postStop} ran once, every message was handled or became a dead
     * letter, the system's threads are gone and none of its MBeans is left registered.
     */
    public static Outcome terminateUnderLoad(ActorSystem system) throws Exception {
        DeliveryLedger ledger = DeliveryLedger.attach(system);
        Map<String, AtomicInteger> stops = new ConcurrentHashMap<>();
        List<ActorRef<Tracked>> receivers = receivers(system, "term", 50, null, ledger, stops, true);
        AtomicBoolean sending = new AtomicBoolean(true);
        List<Thread> senders = new ArrayList<>();
        for (int s = 0; s < 4; s++) {
            int sender = s;
            Thread thread = new Thread(() -> {
                for (int i = 0; sending.get(); i++) {
                    ActorRef<Tracked> receiver = receivers.get((i * 7 + sender) % receivers.size());
                    receiver.tell(ledger.next(sender, receiver));
                }
            }, "reliability-sender-" + s);
            senders.add(thread);
            thread.start();
        }
        Thread.sleep(300); // let the load build up; the test is about what terminate() does to it
        List<String> problems = new ArrayList<>();
        try {
            system.terminate().toCompletableFuture().get(30, TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            problems.add("terminate() did not complete in 30 s");
        }
        Thread.sleep(100); // senders keep sending to the terminated system for a moment
        sending.set(false);
        for (Thread sender : senders) {
            sender.join();
        }
        DeliveryLedger.Report report = ledger.settle(SETTLE);
        awaitStops(stops, receivers.size() * 2, problems);
        awaitNoThreads(system.name() + "-", problems);
        List<ObjectName> mbeans = mbeansOf(system.name());
        if (!mbeans.isEmpty()) {
            problems.add("MBeans left registered: " + mbeans);
        }
        return new Outcome("terminate-under-load", report, 1, problems);
    }

    // ---- shared pieces ----

    static List<ActorRef<Tracked>> receivers(ActorSystem system, String name, int count, String dispatcherId,
                                              DeliveryLedger ledger, Map<String, AtomicInteger> stops) {
        return receivers(system, name, count, dispatcherId, ledger, stops, false);
    }

    /** @param withChild whether each receiver spawns a (silent) child, so stopping reaches two levels */
    static List<ActorRef<Tracked>> receivers(ActorSystem system, String name, int count, String dispatcherId,
                                              DeliveryLedger ledger, Map<String, AtomicInteger> stops,
                                              boolean withChild) {
        List<ActorRef<Tracked>> receivers = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Props<Tracked> props = Props.create(() -> new Receiver(ledger, stops, withChild));
            receivers.add(system.spawn(dispatcherId == null ? props : props.withDispatcher(dispatcherId), name + "-" + i));
        }
        return receivers;
    }

    static void finish(Traffic traffic, List<String> problems) throws InterruptedException {
        if (!traffic.finish(5, TimeUnit.MINUTES)) {
            problems.add("senders did not finish in 5 minutes");
        }
    }

    /** {@return the names of the live worker threads of {@code dispatcherId}} */
    static Set<String> workers(ActorSystem system, String dispatcherId) {
        String prefix = system.name() + "-" + dispatcherId + "-worker-";
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                .filter(n -> n.startsWith(prefix)).collect(Collectors.toCollection(TreeSet::new));
    }

    private static void awaitStops(Map<String, AtomicInteger> stops, int expected, List<String> problems)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (stops.size() < expected && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        if (stops.size() != expected) {
            problems.add(stops.size() + " of " + expected + " actors ran postStop");
        }
        stops.forEach((actor, count) -> {
            if (count.get() != 1) {
                problems.add(actor + " ran postStop " + count.get() + " times");
            }
        });
    }

    private static void awaitNoThreads(String prefix, List<String> problems) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        List<String> left;
        do {
            left = Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                    .filter(n -> n.startsWith(prefix)).sorted().toList();
            if (left.isEmpty()) {
                return;
            }
            Thread.sleep(10);
        } while (System.nanoTime() < deadline);
        problems.add("threads left after termination: " + left);
    }

    /** {@return Rota's MBeans that belong to the system {@code name}} */
    static List<ObjectName> mbeansOf(String name) throws MalformedObjectNameException {
        List<ObjectName> found = new ArrayList<>();
        for (ObjectName mbean : ManagementFactory.getPlatformMBeanServer().queryNames(new ObjectName("io.github.rota*:*"), null)) {
            String domain = mbean.getDomain();
            if (name.equals(mbean.getKeyProperty("system")) || ("io.github.rota".equals(domain)
                    && name.equals(mbean.getKeyProperty("name")) && "ActorSystem".equals(mbean.getKeyProperty("type")))
                    || String.valueOf(mbean.getKeyProperty("name")).startsWith(name + ".")) {
                found.add(mbean);
            }
        }
        return found;
    }

    /** Reports what it handles, counts its {@code postStop} when given a map, and may have a child. */
    private static final class Receiver implements Actor<Tracked> {
        private final DeliveryLedger ledger;
        private final Map<String, AtomicInteger> stops;
        private final boolean withChild;

        Receiver(DeliveryLedger ledger, Map<String, AtomicInteger> stops, boolean withChild) {
            this.ledger = ledger;
            this.stops = stops;
            this.withChild = withChild;
        }

        @Override
        public void preStart(ActorContext<Tracked> context) {
            if (withChild) {
                context.spawn(Props.create(() -> new Receiver(ledger, stops, false)), "child");
            }
        }

        @Override
        public void receive(ReceiveContext<Tracked> context) {
            ledger.handled(context.message());
        }

        @Override
        public void postStop(ActorContext<Tracked> context) {
            if (stops != null) {
                // Counted inside compute, so the entry appears already counted: a reader waiting
                // for every actor's entry never sees one at 0.
                stops.compute(context.self().path(), (p, count) -> {
                    AtomicInteger stopsOfActor = count == null ? new AtomicInteger() : count;
                    stopsOfActor.incrementAndGet();
                    return stopsOfActor;
                });
            }
        }
    }

    /** Spawns eight flaky children and supervises them with the strategy its props carry. */
    private static final class Supervisor implements Actor<Object> {
        private final DeliveryLedger ledger;
        private final LongAdder faults;
        private final CompletableFuture<List<ActorRef<Tracked>>> children;

        Supervisor(DeliveryLedger ledger, LongAdder faults, CompletableFuture<List<ActorRef<Tracked>>> children) {
            this.ledger = ledger;
            this.faults = faults;
            this.children = children;
        }

        @Override
        public void preStart(ActorContext<Object> context) {
            List<ActorRef<Tracked>> spawned = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                spawned.add(context.spawn(Props.create(() -> (Actor<Tracked>) c -> {
                    ledger.handled(c.message());
                    if (c.message().sequence() % 1000 == 999) {
                        faults.increment();
                        throw new IllegalStateException("injected fault at #" + c.message().sequence());
                    }
                }), "child-" + i));
            }
            children.complete(spawned); // after an escalation's restart the first refs stay the senders'
        }

        @Override
        public void receive(ReceiveContext<Object> context) {
        }
    }
}
