package io.github.rota.itests.distribution;

import static io.github.rota.itests.distribution.Jmx.TIMEOUT;
import static io.github.rota.itests.distribution.Jmx.connectWhenListening;
import static io.github.rota.itests.distribution.Jmx.freePort;
import static io.github.rota.itests.distribution.Jmx.jmxterm;
import static io.github.rota.itests.distribution.Jmx.passwords;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import javax.management.Attribute;
import javax.management.AttributeChangeNotification;
import javax.management.MBeanServerConnection;
import javax.management.Notification;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The jlink runtime image as a user gets it ({@code rota-image.tar.gz}): exactly the expected
 * modules, and {@code bin/rota} starting the demo on the module path, with the same MBeans and the
 * same remote-JMX option as the Felix distribution, stopping cleanly, and running the benchmark runner.
 */
class ImageIT {

    /** Rota, its libraries, and the JDK modules they need (remote JMX brings RMI, naming and SASL). */
    private static final Set<String> MODULES = Set.of(
            "io.github.rota.api", "io.github.rota.spi", "io.github.rota.runtime", "io.github.rota.dispatcher", "io.github.rota.mailbox",
            "io.github.rota.pool", "io.github.rota.management", "io.github.rota.demo", "io.github.rota.bench",
            "org.jctools.core", "org.slf4j", "org.slf4j.simple", "com.codahale.metrics", "com.codahale.metrics.jmx",
            "HdrHistogram",
            "java.base", "java.logging", "java.management", "java.management.rmi", "java.naming", "java.rmi",
            "java.security.sasl", "jdk.management", "jdk.management.agent", "jdk.unsupported");
    private static final String DISPATCHER = "io.github.rota:type=Dispatcher,system=rota,name=default";

    private UnpackedDistribution image;

    @AfterEach
    void stop() throws Exception {
        if (image != null) {
            image.stopIfRunning();
        }
    }

    @Test
    void theImageHoldsExactlyRotaItsLibrariesAndTheJdkModulesTheyNeed() throws Exception {
        image = UnpackedDistribution.unpackImage("modules");
        UnpackedDistribution.Result listed = UnpackedDistribution.run(
                List.of(image.home.resolve("bin/java").toString(), "--list-modules"), image.home);
        assertThat(listed.exit()).isZero();
        Set<String> modules = Arrays.stream(listed.output().split("\\R")).filter(l -> !l.isBlank())
                .map(l -> l.substring(0, l.indexOf('@'))).collect(Collectors.toCollection(TreeSet::new));
        assertThat(modules).isEqualTo(new TreeSet<>(MODULES));
    }

    @Test
    void startsProcessesMessagesServesTheMBeansOverRemoteJmxAndStopsCleanly() throws Exception {
        image = UnpackedDistribution.unpackImage("run");
        int port = freePort();
        UnpackedDistribution.Result started = image.rota("start", "--jmx=" + port);
        assertThat(started.exit()).as(started.output()).isZero();
        Map<String, String> passwords = passwords(image.home.resolve("conf/jmxremote.password"));
        await().atMost(TIMEOUT).until(() -> Files.readString(image.log()).contains("demo workload started"));
        assertThat(Files.readString(image.log())).containsPattern("first message processed \\d+ ms after the JVM started");

        ObjectName dispatcher = new ObjectName(DISPATCHER);
        try (JMXConnector control = connectWhenListening(port, "control", passwords.get("control"))) {
            MBeanServerConnection server = control.getMBeanServerConnection();
            assertThat(server.isRegistered(new ObjectName("io.github.rota:type=ActorSystem,name=rota"))).isTrue();
            long turns = (Long) server.getAttribute(dispatcher, "Turns");
            await().atMost(TIMEOUT).until(() -> (Long) server.getAttribute(dispatcher, "Turns") > turns);

            List<Notification> notifications = new CopyOnWriteArrayList<>();
            server.addNotificationListener(dispatcher, (notification, handback) -> notifications.add(notification), null, null);
            server.setAttribute(dispatcher, new Attribute("ThroughputBudget", 64));
            await().atMost(TIMEOUT).until(() -> !notifications.isEmpty());
            assertThat(((AttributeChangeNotification) notifications.get(0)).getNewValue()).isEqualTo(64);
        }
        assertThat(jmxterm(port, "monitor", passwords.get("monitor"), "get -s -b " + DISPATCHER + " ThroughputBudget"))
                .contains("64");
        assertThat(passwords(image.home.resolve("conf/jmxremote.password"))).isEqualTo(passwords);

        assertThat(image.rota("stop").exit()).isZero();
        assertThat(image.rota("status").output()).contains("rota is not running");
        String log = Files.readString(image.log());
        assertThat(log).contains("actor system 'rota' terminated (0 dead letters)");
        assertThat(log.lines().filter(l -> l.contains(" WARN ") || l.contains(" ERROR ") || l.contains("Exception")))
                .isEmpty();
    }

    @Test
    void runsTheBenchmarkRunner() throws Exception {
        image = UnpackedDistribution.unpackImage("bench");
        Path out = image.home.resolve("bench-out");
        UnpackedDistribution.Result bench = image.rota("bench", "pingpong-1", "--runtimes", "rota-ws", "--scale", "0.002",
                "--warmup", "0", "--out", out.toString());
        assertThat(bench.exit()).as(bench.output()).isZero();
        assertThat(bench.output()).contains("RESULT workload=pingpong-1 runtime=rota-ws");
    }

    @Test
    void tellsItsUsageAndVersionWithoutOfferingTheWebConsoleItLacks() throws Exception {
        image = UnpackedDistribution.unpackImage("usage");
        UnpackedDistribution.Result help = image.rota("--help");
        assertThat(help.exit()).as(help.output()).isZero();
        assertThat(help.output()).contains("bin/rota start [--jmx[=PORT]]", "bin/rota bench ARGS", "bin/rota --version")
                .doesNotContain("--web");
        UnpackedDistribution.Result version = image.rota("--version");
        assertThat(version.exit()).as(version.output()).isZero();
        assertThat(version.output()).containsPattern("^Rota \\d+\\.\\d+\\.\\d+").contains("version \"");
        UnpackedDistribution.Result refused = image.rota("--nope");
        assertThat(refused.exit()).isEqualTo(2);
        assertThat(refused.output()).contains("usage: bin/rota [run|start] [--jmx[=PORT]] | stop | status | bench ARGS")
                .doesNotContain("[--web");
    }
}
