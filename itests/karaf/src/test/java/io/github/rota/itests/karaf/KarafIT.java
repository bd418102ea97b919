package io.github.rota.itests.karaf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.management.Attribute;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Rota in a started, stock Karaf 4.4, installed from the built KAR as docs/running.md says, and used
 * through what a Karaf user has: the console, ConfigAdmin, JMX and {@code karaf.log}. The steps
 * build on each other (one Karaf for all of them), so they run in order.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class KarafIT {

    private static final ObjectName DEFAULT_DISPATCHER = name("io.github.rota:type=Dispatcher,system=rota,name=default");
    private static final String DISPATCHER_PID = "io.github.rota.dispatcher~default";

    private static Karaf karaf;

    @BeforeAll
    static void startKarafAndInstallRota() throws Exception {
        assumeTrue(Karaf.featureVersion(Karaf.javaHome()) < 24, () -> "Karaf 4.4 cannot start on Java 24 or later (its "
                + "scripts ask for the Security Manager, which Java 24 removed); KARAF_JAVA_HOME names a JDK 17 or 21 to "
                + "run it on (" + Karaf.javaHome() + " is too new)");
        karaf = Karaf.unpack();
        karaf.start();
        assertOk(karaf.shell("kar:install file:" + System.getProperty("rota.kar")));
        assertOk(karaf.shell("feature:install rota"));
        assertOk(karaf.shell("feature:install rota-demo"));
        assertOk(karaf.shell("feature:install rota-healthcheck"));
    }

    @AfterAll
    static void stopKaraf() throws Exception {
        if (karaf != null) {
            karaf.stop();
        }
    }

    @Test
    @Order(1)
    void theDefaultDispatcherRunsWithTheBudgetTheFeatureConfigures() {
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
            String row = dispatcherRow(); // id, kind, workers, parked, budget, queued
            assertThat(row).startsWith("default").contains("work-stealing");
            assertThat(budgetOf(row)).isEqualTo(32);
        });
    }

    @Test
    @Order(2)
    void eachHealthCheckHasAnMBeanThroughKarafsJmxWhiteboard() throws Exception {
        try (JMXConnector connector = karaf.jmx()) {
            MBeanServerConnection server = connector.getMBeanServerConnection();
            for (String check : List.of("dispatcher-missing", "starvation", "queue-delay", "dead-letters", "saturation", "backlog")) {
                ObjectName name = name("org.apache.felix.healthcheck:type=HealthCheck,name=rota-rota-" + check);
                // Only the missing dispatcher is certain here: a busy boot may trip the timing checks for a minute.
                await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertThat(server.getAttribute(name, "status"))
                        .as(check).isIn(check.equals("dispatcher-missing") ? List.of("OK") : List.of("OK", "WARN", "CRITICAL")));
            }
        }
    }

    @Test
    @Order(3)
    void theDemosMessagesFlow() throws Exception {
        try (JMXConnector connector = karaf.jmx()) {
            MBeanServerConnection server = connector.getMBeanServerConnection();
            long before = (Long) server.getAttribute(DEFAULT_DISPATCHER, "Messages");
            await().atMost(Duration.ofSeconds(30)).until(() ->
                    (Long) server.getAttribute(DEFAULT_DISPATCHER, "Messages") > before + 1_000);
        }
    }

    @Test
    @Order(4)
    void rotaBudgetAppliesAndSurvivesARestart() throws Exception {
        Karaf.Result result = karaf.shell("rota:budget default 64");
        assertOk(result);
        assertThat(result.output().strip()).isEqualTo(
                "dispatcher 'default': throughput budget 32 -> 64 (configuration " + DISPATCHER_PID + ")");
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(budgetOf(dispatcherRow())).isEqualTo(64));

        karaf.stop();
        karaf.start();
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() ->
                assertThat(budgetOf(dispatcherRow())).as("after a restart").isEqualTo(64));
    }

    @Test
    @Order(5)
    void configPropertySetOnTheDispatchersPidAppliesLive() throws Exception {
        assertOk(karaf.shell("config:property-set -p " + DISPATCHER_PID + " throughput 48"));
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(budgetOf(dispatcherRow())).isEqualTo(48));
        assertThat(Files.readString(karaf.etc("io.github.rota.dispatcher-default.cfg")))
                .as("where Karaf keeps it").containsPattern("throughput\\s*=\\s*48");
    }

    @Test
    @Order(6)
    void theMBeansAreThereAndAJmxWriteRetunes() throws Exception {
        try (JMXConnector connector = karaf.jmx()) {
            MBeanServerConnection server = connector.getMBeanServerConnection();
            assertThat(server.queryNames(name("io.github.rota:*"), null)).contains(DEFAULT_DISPATCHER,
                    name("io.github.rota:type=ActorSystem,name=rota"));
            server.setAttribute(DEFAULT_DISPATCHER, new Attribute("ThroughputBudget", 100));
            assertThat(server.getAttribute(DEFAULT_DISPATCHER, "ThroughputBudget")).isEqualTo(100);
        }
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(budgetOf(dispatcherRow())).isEqualTo(100));
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(Files.readString(karaf.log()))
                .as("the write applied live, then saved: logged as saved, not as '100 -> 100'")
                .contains("dispatcher 'default': throughput budget 100 saved in configuration " + DISPATCHER_PID)
                .doesNotContain("throughput budget 100 -> 100"));
    }

    @Test
    @Order(7)
    void anInvalidBudgetIsRejectedWithAClearErrorAndChangesNothing() throws Exception {
        Karaf.Result console = karaf.shell("rota:budget default 0");
        assertThat(console.output()).contains("throughput budget must be in 1..1000000, was 0");
        try (JMXConnector connector = karaf.jmx()) {
            MBeanServerConnection server = connector.getMBeanServerConnection();
            assertThatThrownBy(() -> server.setAttribute(DEFAULT_DISPATCHER, new Attribute("ThroughputBudget", 0)))
                    .hasStackTraceContaining("throughput budget must be in 1..1000000, was 0");
            assertThat(server.getAttribute(DEFAULT_DISPATCHER, "ThroughputBudget")).isEqualTo(100);
        }
        assertThat(budgetOf(dispatcherRow())).isEqualTo(100);
    }

    @Test
    @Order(8)
    void uninstallingRotaLeavesNoRotaThreadAndNoMBeanBehind() throws Exception {
        assertOk(karaf.shell("feature:uninstall rota-healthcheck"));
        assertOk(karaf.shell("feature:uninstall rota-demo"));
        assertOk(karaf.shell("feature:uninstall rota"));
        try (JMXConnector connector = karaf.jmx()) {
            MBeanServerConnection server = connector.getMBeanServerConnection();
            ThreadMXBean threads = ManagementFactory.newPlatformMXBeanProxy(server,
                    ManagementFactory.THREAD_MXBEAN_NAME, ThreadMXBean.class);
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
                assertThat(server.queryNames(name("io.github.rota:*"), null)).isEmpty();
                List<String> names = Arrays.stream(threads.getThreadInfo(threads.getAllThreadIds()))
                        .filter(info -> info != null).map(ThreadInfo::getThreadName).toList();
                assertThat(names).noneMatch(thread -> thread.startsWith("rota-"));
            });
        }
    }

    @Test
    @Order(9)
    void karafLogHoldsNoErrorOfRotas() throws Exception {
        // An entry is a line with a timestamp and the stack-trace lines after it. Karaf's own boot
        // can log an ERROR now and then (Aries JMX whiteboard registering the features MBean twice
        // when a restart races it); only entries that involve Rota are this test's business.
        List<String> entries = new ArrayList<>();
        for (String line : Files.readAllLines(karaf.log())) {
            if (entries.isEmpty() || line.matches("^\\d{4}-\\d{2}-\\d{2}T.*")) {
                entries.add(line);
            } else {
                entries.set(entries.size() - 1, entries.get(entries.size() - 1) + "\n" + line);
            }
        }
        assertThat(entries).filteredOn(entry -> entry.contains("| ERROR |") && entry.contains("io.github.rota"))
                .isEmpty();
        assertThat(entries).as("the installs, the budget changes, the JMX write and the bad input were logged")
                .anyMatch(entry -> entry.contains("throughput budget 64 -> 48"));
    }

    /** @return the BUDGET column of a {@code rota:dispatchers} line */
    private static int budgetOf(String row) {
        return Integer.parseInt(row.split("\\s+")[4]);
    }

    /** The default dispatcher's line of {@code rota:dispatchers}, without trailing blanks. */
    private static String dispatcherRow() throws Exception {
        Karaf.Result result = karaf.shell("rota:dispatchers");
        assertOk(result);
        return result.output().lines().filter(line -> line.startsWith("default ")).findFirst()
                .map(String::strip).orElse("(no dispatcher default) " + result.output());
    }

    private static void assertOk(Karaf.Result result) {
        assertThat(result.exit()).as(result.output()).isZero();
        assertThat(result.output()).doesNotContain("Error executing command");
    }

    private static ObjectName name(String name) {
        try {
            return new ObjectName(name);
        } catch (javax.management.MalformedObjectNameException e) {
            throw new IllegalArgumentException(name, e);
        }
    }
}
