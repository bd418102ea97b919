package io.github.rota.itests.distribution;

import static io.github.rota.itests.distribution.Jmx.connect;
import static io.github.rota.itests.distribution.Jmx.connectWhenListening;
import static io.github.rota.itests.distribution.Jmx.freePort;
import static io.github.rota.itests.distribution.Jmx.jmxterm;
import static io.github.rota.itests.distribution.Jmx.passwords;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.management.Attribute;
import javax.management.AttributeChangeNotification;
import javax.management.MBeanServerConnection;
import javax.management.Notification;
import javax.management.ObjectName;
import javax.management.RuntimeMBeanException;
import javax.management.remote.JMXConnector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Remote JMX on the running distribution, with real clients: {@code JMXConnectorFactory} over RMI
 * and jmxterm as a separate process.
 */
class RemoteJmxIT {

    private static final Duration TIMEOUT = Jmx.TIMEOUT;
    private static final String DISPATCHER = "io.github.rota:type=Dispatcher,system=rota,name=default";

    private UnpackedDistribution rota;

    @AfterEach
    void stop() throws Exception {
        rota.stopIfRunning();
    }

    @Test
    void rolesLiveRetuningNotificationsAndABudgetThatSurvivesARestart() throws Exception {
        rota = UnpackedDistribution.unpack("jmx");
        int port = freePort();
        UnpackedDistribution.Result started = rota.rota("start", "--jmx=" + port);
        assertThat(started.exit()).as(started.output()).isZero();
        assertThat(started.output()).contains("JMX passwords generated in " + rota.home.resolve("conf/jmxremote.password"))
                .contains("JMX: service:jmx:rmi:///jndi/rmi://127.0.0.1:" + port + "/jmxrmi (127.0.0.1 only)");
        Path passwordFile = rota.home.resolve("conf/jmxremote.password");
        assertThat(Files.getPosixFilePermissions(passwordFile))
                .containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
        Map<String, String> passwords = passwords(passwordFile);
        ObjectName dispatcher = new ObjectName(DISPATCHER);

        try (JMXConnector control = connectWhenListening(port, "control", passwords.get("control"))) {
            MBeanServerConnection server = control.getMBeanServerConnection();
            await().atMost(TIMEOUT).ignoreExceptions().until(() -> server.isRegistered(dispatcher));
            long turns = (Long) server.getAttribute(dispatcher, "Turns");
            await().atMost(TIMEOUT).until(() -> (Long) server.getAttribute(dispatcher, "Turns") > turns);

            List<Notification> notifications = new CopyOnWriteArrayList<>();
            server.addNotificationListener(dispatcher, (notification, handback) -> notifications.add(notification), null, null);
            server.setAttribute(dispatcher, new Attribute("ThroughputBudget", 64));
            assertThat(server.getAttribute(dispatcher, "ThroughputBudget")).isEqualTo(64);
            await().atMost(TIMEOUT).until(() -> !notifications.isEmpty());
            AttributeChangeNotification change = (AttributeChangeNotification) notifications.get(0);
            assertThat(change.getOldValue()).isEqualTo(32);
            assertThat(change.getNewValue()).isEqualTo(64);

            assertThatThrownBy(() -> server.setAttribute(dispatcher, new Attribute("ThroughputBudget", 0)))
                    .isInstanceOf(RuntimeMBeanException.class)
                    .cause().hasMessage("throughput budget must be in 1..1000000, was 0");
            assertThat(server.getAttribute(dispatcher, "ThroughputBudget")).isEqualTo(64);
        }

        try (JMXConnector monitor = connect(port, "monitor", passwords.get("monitor"))) {
            MBeanServerConnection server = monitor.getMBeanServerConnection();
            assertThat(server.getAttribute(dispatcher, "ThroughputBudget")).isEqualTo(64);
            assertThatThrownBy(() -> server.setAttribute(dispatcher, new Attribute("ThroughputBudget", 8)))
                    .isInstanceOf(SecurityException.class);
        }
        // Still what was generated after the logins: the operator can look a password up there.
        assertThat(passwords(passwordFile)).isEqualTo(passwords);
        assertThatThrownBy(() -> connect(port, "control", "not-the-password"))
                .isInstanceOf(SecurityException.class).hasMessageContaining("Authentication failed");

        assertThat(jmxterm(port, "monitor", passwords.get("monitor"), "get -s -b " + DISPATCHER + " ThroughputBudget"))
                .contains("64");
        assertThat(jmxterm(port, "monitor", passwords.get("monitor"), "set -b " + DISPATCHER + " ThroughputBudget 8"))
                .contains("SecurityException");

        // The budget was written to the watched configuration: it survives a restart.
        await().atMost(TIMEOUT).until(() -> Files.readString(rota.home.resolve("etc/io.github.rota.dispatcher-default.cfg"))
                .contains("throughput = 64"));
        assertThat(rota.rota("stop").exit()).isZero();
        UnpackedDistribution.Result restarted = rota.rota("start", "--jmx=" + port);
        assertThat(restarted.output()).doesNotContain("generated");
        try (JMXConnector control = connectWhenListening(port, "control", passwords.get("control"))) {
            MBeanServerConnection server = control.getMBeanServerConnection();
            await().atMost(TIMEOUT).ignoreExceptions().until(() -> server.isRegistered(dispatcher));
            assertThat(server.getAttribute(dispatcher, "ThroughputBudget")).isEqualTo(64);
        }
    }

    @Test
    void withoutTheOptionRemoteJmxIsNotListening() throws Exception {
        rota = UnpackedDistribution.unpack("no-jmx");
        int port = freePort();
        assertThat(rota.rota("start").exit()).isZero();
        await().atMost(TIMEOUT).until(() -> Files.readString(rota.log()).contains("demo workload started"));

        assertThatThrownBy(() -> connect(port, "control", "x")).isInstanceOf(IOException.class);
        assertThat(rota.home.resolve("conf/jmxremote.password")).doesNotExist();
        assertThat(Files.readString(rota.log())).doesNotContain("jmxremote");
    }
}
