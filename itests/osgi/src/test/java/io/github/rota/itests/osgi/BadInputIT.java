package io.github.rota.itests.osgi;

import static org.awaitility.Awaitility.await;
import static org.junit.Assert.assertEquals;

import io.github.rota.api.Actor;
import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.DispatcherView;
import io.github.rota.api.Props;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import javax.inject.Inject;
import javax.management.Attribute;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.management.RuntimeMBeanException;
import org.apache.felix.service.command.CommandProcessor;
import org.junit.Before;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;
import org.osgi.service.cm.ConfigurationAdmin;

/**
 * Bad input as users give it to Rota in Felix — through the API, ConfigAdmin, a dropped {@code .cfg}
 * file, JMX and Gogo — in one table: each row an input, the exact error the user sees (an exception's
 * type and message, a log line, or the shell's answer), and a check that nothing changed. (The
 * module path's {@code Settings} keys with the same bad values are the runtime's BadInputTest.)
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class BadInputIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final String DISPATCHER = "io.github.rota.dispatcher~default";
    private static final String KEEPS = "; dispatcher 'default' keeps its last good configuration";

    @Inject
    private ActorSystem system;
    @Inject
    private ConfigurationAdmin configAdmin;
    @Inject
    private CommandProcessor commands;

    /** What a row does. */
    private interface Input {
        void apply() throws Exception;
    }

    /**
     * @param input what the user does
     * @param sees the error: {@code Type: message} thrown, {@code log: line} logged, {@code gogo: answer} printed
     * @param does the input itself; for a Gogo row, {@code null}: the input is the command line
     */
    private record Row(String input, String sees, Input does) {
    }

    @Configuration
    public Option[] config() {
        return Distribution.options(BadInputIT.class);
    }

    @Before
    public void started() {
        Distribution.awaitStarted(system);
    }

    @Test
    public void everyBadInputGetsItsExactErrorAndChangesNothing() throws Exception {
        LongAdder handled = new LongAdder();
        ActorRef<String> actor = system.spawn(Props.create(() -> (Actor<String>) c -> handled.increment()), "bad-input-dup");
        Props<String> props = Props.create(() -> c -> { });
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        ObjectName mbean = new ObjectName("io.github.rota:type=Dispatcher,system=rota,name=default");
        DispatcherView dispatcher = system.dispatcher("default").orElseThrow();
        int budget = dispatcher.throughputBudget();
        long deadLetters = system.deadLetterCount();

        List<Row> rows = List.of(
                new Row("tell(null)", "NullPointerException: message", () -> actor.tell(null)),
                new Row("Props.create(null)", "NullPointerException: factory", () -> Props.create(null)),
                new Row("props.withDispatcher(null)", "NullPointerException: dispatcher id", () -> props.withDispatcher(null)),
                new Row("props.withMailbox(\" \")", "IllegalArgumentException: mailbox id must not be blank",
                        () -> props.withMailbox(" ")),
                new Row("props.withThroughput(0)", "IllegalArgumentException: throughput budget must be in 1..1000000, was 0",
                        () -> props.withThroughput(0)),
                new Row("spawn(props, null)", "NullPointerException: actor name", () -> system.spawn(props, null)),
                new Row("spawn under a taken name",
                        "IllegalArgumentException: actor name 'bad-input-dup' is already taken under rota://rota/user",
                        () -> system.spawn(props, "bad-input-dup")),
                new Row("spawn with an unknown mailbox id",
                        "IllegalArgumentException: cannot spawn rota://rota/user/bad-input-mailbox: unknown mailbox 'nope'; "
                                + "known: [bounded, control-aware, per-sender-fair, unbounded, unbounded-array]",
                        () -> system.spawn(props.withMailbox("nope"), "bad-input-mailbox")),
                new Row("spawn on an unknown dispatcher id", "log: WARN RotaActorSystem - rota://rota/user/bad-input-waits is on "
                        + "dispatcher 'nope', which is not bound: it and the other actors there wait until that dispatcher appears",
                        () -> system.spawn(props.withDispatcher("nope"), "bad-input-waits")),
                dispatcherRow("throughput", "0", "rota.dispatcher.default.throughput must be in 1..1000000, was 0"),
                dispatcherRow("throughput", "-1", "rota.dispatcher.default.throughput must be in 1..1000000, was -1"),
                dispatcherRow("throughput", "2147483648",
                        "rota.dispatcher.default.throughput must be an integer in 1..1000000, was '2147483648'"),
                dispatcherRow("throughput", "abc", "rota.dispatcher.default.throughput must be an integer in 1..1000000, was 'abc'"),
                dispatcherRow("throughput", "", "rota.dispatcher.default.throughput must be an integer in 1..1000000, was ''"),
                dispatcherRow("workers", "0", "rota.dispatcher.default.workers must be in 1..1024, was 0"),
                dispatcherRow("kind", "nope",
                        "rota.dispatcher.default.kind names dispatcher kind 'nope', which is not installed; installed: "
                                + "[executor, pinned, work-stealing]"),
                configRow("io.github.rota.system", "default.mailbox", "", "ERROR ActorSystemComponent - configuration "
                        + "io.github.rota.system rejected: key 'default.mailbox' must name a mailbox id, was ''; actor system "
                        + "'rota' keeps its last good configuration"),
                configRow("io.github.rota.system", "metrics.sampleInterval", "48", "ERROR ActorSystemComponent - configuration "
                        + "io.github.rota.system rejected: metrics.sampleInterval must be a power of two (1, 2, 4 .. 65536), was "
                        + "'48'; actor system 'rota' keeps its last good configuration"),
                configRow("io.github.rota.system", "metrics.actors", "user//orders", "ERROR ActorSystemComponent - configuration "
                        + "io.github.rota.system rejected: metrics.actors: pattern 'user//orders' is invalid: its path elements are"
                        + " actor names (letters, digits, '-', '_', '.'), '*' in a name, or '**' for any number of elements,"
                        + " separated by '/'; actor system 'rota' keeps its last good configuration"),
                new Row("a dropped .cfg with a bad value", "log: ERROR DispatcherComponent - configuration "
                        + "io.github.rota.dispatcher~broken rejected: rota.dispatcher.broken.workers must be an integer in 1..1024, "
                        + "was 'many'; no dispatcher was created",
                        () -> drop("io.github.rota.dispatcher-broken.cfg", "id = broken\nworkers = many\n")),
                new Row("a dropped .cfg that is not a properties file", "log: ERROR WatchedConfigFiles - configuration file "
                        + "io.github.rota.dispatcher-garbled.cfg is malformed (Malformed \\uxxxx encoding.); its configuration is unchanged",
                        () -> drop("io.github.rota.dispatcher-garbled.cfg", "id = garbled\\u12zz\n")),
                new Row("JMX ThroughputBudget = 0", "IllegalArgumentException: throughput budget must be in 1..1000000, was 0",
                        () -> jmxWrite(server, mbean, 0)),
                new Row("JMX ThroughputBudget = 1000001",
                        "IllegalArgumentException: throughput budget must be in 1..1000000, was 1000001",
                        () -> jmxWrite(server, mbean, 1_000_001)),
                new Row("rota:budget default 0", "gogo: CommandException: throughput budget must be in 1..1000000, was 0",
                        null),
                new Row("rota:budget nope 5", "gogo: CommandException: no dispatcher 'nope'; running: [default]",
                        null),
                new Row("rota:top 0", "gogo: CommandException: top: the number of actors must be at least 1, was 0",
                        null));

        List<String> wrong = new ArrayList<>();
        for (Row row : rows) {
            String seen = attempt(row);
            if (!seen.equals(row.sees())) {
                wrong.add(row.input() + ": expected [" + row.sees() + "] but the user saw [" + seen + "]");
            }
            // Nothing changed: the same dispatcher, budget, first actor and dead-letter count.
            if (!dispatcher.equals(system.dispatcher("default").orElse(null)) || dispatcher.throughputBudget() != budget
                    || system.deadLetterCount() != deadLetters || system.dispatcher("broken").isPresent()
                    || system.dispatcher("garbled").isPresent()) {
                wrong.add(row.input() + ": changed something");
            }
            System.out.println("BAD-INPUT " + row.input() + " -> " + seen);
        }
        actor.tell("still here");
        await().atMost(TIMEOUT).until(() -> handled.sum() == 1);
        assertEquals("rows that went wrong: " + wrong, List.of(), wrong);
    }

    /** Runs a row's input and returns what the user saw, in the row's terms. */
    private String attempt(Row row) throws Exception {
        if (row.sees().startsWith("log: ")) {
            String line = row.sees().substring("log: ".length());
            row.does().apply();
            try {
                await().atMost(TIMEOUT).until(() -> log().contains(line));
                return row.sees();
            } catch (org.awaitility.core.ConditionTimeoutException e) {
                return "log: (no such line)";
            }
        }
        if (row.sees().startsWith("gogo: ")) {
            return "gogo: " + Gogo.run(commands, row.input()).trim();
        }
        try {
            row.does().apply();
            return "(no error)";
        } catch (RuntimeMBeanException e) {
            return e.getCause().getClass().getSimpleName() + ": " + e.getCause().getMessage();
        } catch (Exception e) {
            return e.getClass().getSimpleName() + ": " + e.getMessage();
        }
    }

    private Row dispatcherRow(String key, String value, String message) {
        return configRow(DISPATCHER, key, value, "ERROR DispatcherComponent - configuration " + DISPATCHER + " rejected: "
                + message + KEEPS);
    }

    /** A bad value written through ConfigAdmin, as the WebConsole or a script would; put back once logged. */
    private Row configRow(String pid, String key, String value, String logLine) {
        return new Row(pid + " " + key + " = '" + value + "'", "log: " + logLine, () -> {
            configure(pid, key, value);
            await().atMost(TIMEOUT).until(() -> log().contains(logLine));
            restore(pid, key);
        });
    }

    /** The configuration's values before this test changed them, to put back after each row. */
    private final java.util.Map<String, Dictionary<String, Object>> originals = new java.util.HashMap<>();

    private void configure(String pid, String key, String value) throws Exception {
        org.osgi.service.cm.Configuration config = configAdmin.getConfiguration(pid, "?");
        originals.putIfAbsent(pid, config.getProperties());
        Dictionary<String, Object> properties = config.getProperties();
        properties.put(key, value);
        config.update(properties);
    }

    private void restore(String pid, String key) throws Exception {
        org.osgi.service.cm.Configuration config = configAdmin.getConfiguration(pid, "?");
        Dictionary<String, Object> properties = config.getProperties();
        Object original = originals.get(pid).get(key);
        if (original == null) {
            properties.remove(key);
        } else {
            properties.put(key, original);
        }
        config.update(properties);
    }

    private static void drop(String name, String text) throws Exception {
        Path etc = Distribution.etc(BadInputIT.class);
        Path next = Files.writeString(etc.resolveSibling(name), text);
        Files.move(next, etc.resolve(name), StandardCopyOption.ATOMIC_MOVE);
    }

    private static void jmxWrite(MBeanServer server, ObjectName mbean, int budget) throws Exception {
        server.setAttribute(mbean, new Attribute("ThroughputBudget", budget));
    }

    private static String log() throws Exception {
        return Files.readString(Distribution.log(BadInputIT.class));
    }
}
