package io.github.rota.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.github.rota.api.Actor;
import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.Props;
import io.github.rota.api.Settings;
import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.DispatcherConfig;
import io.github.rota.spi.jfr.FlightEvents;
import io.github.rota.spi.mailbox.MailboxConfig;
import io.github.rota.spi.mailbox.MailboxType;
import io.github.rota.spi.pool.EnvelopePool;
import io.github.rota.testkit.TestProbe;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import jdk.jfr.consumer.RecordingStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rota's Flight Recorder events as an operator gets them: a recording started with the shipped
 * settings ({@code conf/rota.jfc} in the distribution), a workload, and the {@code .jfr} file read
 * back with {@link RecordingFile}, each event with its fields.
 */
class FlightRecorderEventsTest {

    /** The settings file the distribution ships. */
    private static final Path ROTA_JFC = Path.of("../../config/felix/rota.jfc");

    @TempDir
    Path directory;

    private final List<ActorSystem> systems = new ArrayList<>();
    private final List<Dispatcher> created = new ArrayList<>();

    @AfterEach
    void tearDown() throws Exception {
        for (ActorSystem system : systems) {
            system.terminate().toCompletableFuture().get(30, TimeUnit.SECONDS);
        }
        created.forEach(Dispatcher::stop);
    }

    private ActorSystem workStealing(String name, Map<String, Object> properties) {
        Settings settings = Settings.empty().with("rota.dispatcher.default.kind", "work-stealing")
                .with("rota.dispatcher.default.workers", 2);
        for (Map.Entry<String, Object> property : properties.entrySet()) {
            settings = settings.with("rota.dispatcher.default." + property.getKey(), property.getValue());
        }
        ActorSystem system = ActorSystem.create(name, settings);
        systems.add(system);
        return system;
    }

    /** Records {@code workload} with the shipped settings, {@code overrides} on top; returns Rota's events. */
    private List<RecordedEvent> record(Map<String, String> overrides, Runnable workload) throws Exception {
        Map<String, String> settings = new HashMap<>(Configuration.create(ROTA_JFC).getSettings());
        settings.putAll(overrides);
        return recordWith(settings, workload);
    }

    private List<RecordedEvent> recordWith(Map<String, String> settings, Runnable workload) throws Exception {
        Path file = directory.resolve("rota-" + System.nanoTime() + ".jfr");
        try (Recording recording = new Recording(settings)) {
            recording.start();
            workload.run();
            recording.stop();
            recording.dump(file);
        }
        return RecordingFile.readAllEvents(file).stream()
                .filter(e -> e.getEventType().getName().startsWith("io.github.rota.")).toList();
    }

    private static List<RecordedEvent> named(List<RecordedEvent> events, String name) {
        return events.stream().filter(e -> e.getEventType().getName().equals("io.github.rota." + name)).toList();
    }

    /** Takes its time over {@code Slow}, none over anything else. */
    private record Slow(long millis) {
    }

    private static Actor<Object> sleeper(LongAdder handled) {
        return context -> {
            if (context.message() instanceof Slow slow) {
                try {
                    Thread.sleep(slow.millis());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            handled.increment();
        };
    }

    @Test
    void aTurnOverTheThresholdIsRecordedWithItsActorAndTheMessageInHand() throws Exception {
        ActorSystem system = workStealing("long-turns", Map.of());
        LongAdder handled = new LongAdder();
        ActorRef<Object> slow = system.spawn(Props.create(() -> sleeper(handled)), "slow");
        ActorRef<Object> quick = system.spawn(Props.create(() -> sleeper(handled)), "quick");

        // Streamed, since the probe commits the event at its first look after the turn, on its own thread.
        List<RecordedEvent> longTurns = new CopyOnWriteArrayList<>();
        try (RecordingStream stream = new RecordingStream(Configuration.create(ROTA_JFC))) {
            stream.onEvent("io.github.rota.LongTurn", longTurns::add);
            stream.startAsync();
            for (int i = 0; i < 50; i++) {
                quick.tell("fast " + i);
            }
            slow.tell("before");
            slow.tell(new Slow(40));
            slow.tell("after");
            await().atMost(Duration.ofSeconds(10)).until(() -> handled.sum() == 53
                    && longTurns.stream().anyMatch(e -> e.getString("actor").equals(slow.path())));
        }

        // Any turn can run long on a loaded machine (preempted, or paused by a GC): only the slow one must.
        List<RecordedEvent> slowTurns = longTurns.stream().filter(e -> e.getString("actor").equals(slow.path())).toList();
        assertThat(slowTurns).hasSize(1);
        RecordedEvent turn = slowTurns.get(0);
        assertThat(turn.getString("dispatcher")).isEqualTo("default");
        assertThat(turn.getString("actor")).isEqualTo(slow.path());
        assertThat(turn.getClass("messageClass").getName()).isEqualTo(Slow.class.getName());
        assertThat(turn.getThread("worker").getJavaName()).contains("long-turns").contains("default");
        // From the probe's first look at the turn to the look after it: over the threshold, as recorded,
        // though the first look may come some milliseconds into the turn.
        assertThat(turn.getDuration()).isBetween(Duration.ofMillis(10), Duration.ofMillis(1_000));
    }

    @Test
    void aWorkerStuckPastTheStarvationThresholdIsRecordedOnce() throws Exception {
        ActorSystem system = workStealing("starving", Map.of("starvationThresholdMs", 50));
        LongAdder handled = new LongAdder();
        ActorRef<Object> blocker = system.spawn(Props.create(() -> sleeper(handled)), "blocker");

        List<RecordedEvent> events = record(Map.of(), () -> {
            blocker.tell(new Slow(300));
            await().atMost(Duration.ofSeconds(10)).until(() -> handled.sum() == 1);
        });

        List<RecordedEvent> starvations = named(events, "WorkerStarvation");
        assertThat(starvations).hasSize(1);
        RecordedEvent starvation = starvations.get(0);
        assertThat(starvation.getString("dispatcher")).isEqualTo("default");
        assertThat(starvation.getThread("worker").getJavaName()).contains("starving").contains("default");
        assertThat(starvation.getDuration("stuckFor")).isBetween(Duration.ofMillis(50), Duration.ofMillis(300));
    }

    @Test
    void aFanOutRecordsOverflowStealsParksAndWakeUps() throws Exception {
        ActorSystem system = workStealing("fan-out", Map.of());
        int targets = 5_000;
        LongAdder handled = new LongAdder();
        List<ActorRef<Object>> sinks = new ArrayList<>();
        for (int i = 0; i < targets; i++) {
            sinks.add(system.spawn(Props.create(() -> sleeper(handled)), "sink-" + i));
        }
        // One turn makes every sink ready at once: more than a worker's ring holds.
        ActorRef<Object> fanOut = system.spawn(Props.create(() -> (Actor<Object>) c -> sinks.forEach(s -> s.tell("go"))),
                "fan-out");
        Map<String, String> everyOne = Map.of("io.github.rota.Steal#sampleEvery", "1",
                "io.github.rota.WorkerPark#sampleEvery", "1", "io.github.rota.WorkerWake#sampleEvery", "1");

        List<RecordedEvent> events = record(everyOne, () -> {
            for (int round = 1; round <= 3; round++) {
                long expected = (long) round * targets;
                fanOut.tell("fan out");
                // Between rounds the workers run out of work and park; the next round wakes them.
                await().atMost(Duration.ofSeconds(20)).until(() -> handled.sum() == expected);
            }
        });

        List<RecordedEvent> overflows = named(events, "Overflow");
        assertThat(overflows).isNotEmpty().allSatisfy(e -> {
            assertThat(e.getString("dispatcher")).isEqualTo("default");
            assertThat(e.getInt("worker")).isBetween(0, 1);
            assertThat(e.getInt("actors")).isPositive();
        });
        assertThat(named(events, "Steal")).isNotEmpty().allSatisfy(e -> {
            assertThat(e.getInt("thief")).isBetween(0, 1);
            assertThat(e.getInt("victim")).isEqualTo(1 - e.getInt("thief"));
            assertThat(e.getInt("actors")).isPositive();
        });
        assertThat(named(events, "WorkerPark")).isNotEmpty().allSatisfy(e -> {
            assertThat(e.getString("dispatcher")).isEqualTo("default");
            assertThat(e.getInt("worker")).isBetween(0, 1);
        });
        assertThat(named(events, "WorkerWake")).isNotEmpty().allSatisfy(e -> assertThat(e.getInt("worker")).isBetween(0, 1));
    }

    @Test
    void aMessageToAStoppedActorIsRecordedAsADeadLetterWithItsReason() throws Exception {
        ActorSystem system = workStealing("dead-letters", Map.of());
        ActorRef<Object> gone = system.spawn(Props.create(() -> sleeper(new LongAdder())), "gone");
        TestProbe<Object> watcher = TestProbe.create(system);
        watcher.watch(gone);
        system.stop(gone);
        watcher.expectTerminated(gone);

        List<RecordedEvent> events = record(Map.of(), () -> gone.tell(new Slow(1), watcher.ref()));

        List<RecordedEvent> letters = named(events, "DeadLetter");
        assertThat(letters).hasSize(1);
        RecordedEvent letter = letters.get(0);
        assertThat(letter.getString("recipient")).isEqualTo(gone.path());
        assertThat(letter.getString("sender")).isEqualTo(watcher.ref().path());
        assertThat(letter.getClass("messageClass").getName()).isEqualTo(Slow.class.getName());
        assertThat(letter.getString("reason")).isEqualTo("RECIPIENT_STOPPED");
    }

    @Test
    void bindingANewDispatcherToAnIdIsRecordedAsAReplacement() throws Exception {
        Providers providers = Providers.load();
        Map<String, MailboxType> mailboxes = new TreeMap<>();
        providers.mailboxTypes().forEach((id, type) -> mailboxes.put(id, type.configure(new MailboxConfig(id, Map.of()))));
        Dispatchers.Bound services = Dispatchers.bound(List.of());
        RotaActorSystem system = new RotaActorSystem("swap", Settings.empty(), "default", "unbounded", services,
                mailboxes, EnvelopePool.allocating(), false, new RotaEventStream(), ActorTracking.OFF);
        system.start();
        systems.add(system);
        Dispatcher first = dispatcher(providers, "work-stealing");
        Dispatcher second = dispatcher(providers, "executor");
        services.bind(first);

        List<RecordedEvent> events = record(Map.of(), () -> {
            services.unbind(first);
            services.bind(second);
        });

        List<RecordedEvent> replaced = named(events, "DispatcherReplaced");
        assertThat(replaced).hasSize(1);
        assertThat(replaced.get(0).getString("dispatcher")).isEqualTo("default");
        assertThat(replaced.get(0).getString("oldKind")).isEqualTo("work-stealing");
        assertThat(replaced.get(0).getString("newKind")).isEqualTo("executor");
    }

    private Dispatcher dispatcher(Providers providers, String kind) {
        Dispatcher dispatcher = providers.dispatcherKinds().get(kind)
                .create(new DispatcherConfig("swap", "default", 32, Map.of("workers", "2")));
        dispatcher.start();
        created.add(dispatcher);
        return dispatcher;
    }

    @Test
    void withoutRotasSettingsARecordingHasNoRotaEventsAndNoneIsStarted() throws Exception {
        ActorSystem system = workStealing("off", Map.of());
        LongAdder handled = new LongAdder();
        ActorRef<Object> slow = system.spawn(Props.create(() -> sleeper(handled)), "slow");

        // The JVM's own profile: Rota's events keep their default, off.
        Map<String, String> jvmDefault = Configuration.getConfiguration("default").getSettings();
        List<RecordedEvent> events = recordWith(jvmDefault, () -> {
            assertThat(FlightEvents.longTurnStarting()).isNull();
            assertThat(FlightEvents.parkStarting()).isNull();
            slow.tell(new Slow(30));
            await().atMost(Duration.ofSeconds(10)).until(() -> handled.sum() == 1);
        });

        assertThat(FlightEvents.available()).isTrue();
        assertThat(FlightEvents.status()).isEqualTo("on");
        assertThat(events).isEmpty();
    }
}
