package io.github.rota.itests.distribution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The built distribution as a user runs it: unpack {@code rota.tar.gz}, {@code bin/rota start},
 * watch the demo workload report through SLF4J, {@code bin/rota stop}.
 */
class LauncherIT {

    private UnpackedDistribution rota;

    @BeforeEach
    void unpack() throws Exception {
        rota = UnpackedDistribution.unpack("launcher");
        // Report every second instead of every ten, so the test sees the demo quickly.
        Path demo = rota.home.resolve("etc/io.github.rota.demo.cfg");
        Files.writeString(demo, Files.readString(demo).replace("reportSeconds = 10", "reportSeconds = 1"));
    }

    @AfterEach
    void stopIfStillRunning() throws Exception {
        rota.stopIfRunning();
    }

    @Test
    void startsInTheBackgroundRunsTheDemoAndStopsCleanly() throws Exception {
        UnpackedDistribution.Result started = rota.rota("start");
        assertThat(started.exit()).as(started.output()).isZero();
        assertThat(started.output()).contains("rota started (pid ").doesNotContain("JMX");
        assertThat(rota.rota("status").output()).contains("rota is running");

        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertThat(Files.readString(rota.log()))
                .contains("DispatcherComponent - dispatcher 'default' started")
                .contains("DemoRun - demo workload started")
                .containsPattern("demo: last 1 s: [1-9]\\d* round trips, [1-9]\\d* fan-out acks, [1-9]\\d* hot-actor messages"));
        assertThat(rota.rota("start").exit()).as("a second start is refused").isEqualTo(1);

        UnpackedDistribution.Result stopped = rota.rota("stop");
        assertThat(stopped.exit()).as(stopped.output()).isZero();
        assertThat(stopped.output()).contains("rota stopped");
        assertThat(Files.readString(rota.log()))
                .contains("demo workload stopped")
                .contains("actor system 'rota' terminated (0 dead letters)")
                .doesNotContain("org.apache.aries.spifly") // its INFO lines through JUL, on the console too
                .doesNotContain("ERROR")
                .doesNotContain("Exception");
        UnpackedDistribution.Result status = rota.rota("status");
        assertThat(status.exit()).isEqualTo(3);
        assertThat(status.output()).contains("rota is not running");
    }

    @Test
    void anUnknownCommandOrOptionPrintsTheUsage() throws Exception {
        UnpackedDistribution.Result result = rota.rota("restart-please");
        assertThat(result.exit()).isEqualTo(2);
        assertThat(result.output()).contains("unknown option 'restart-please'; usage: bin/rota [run|start] [--jmx[=PORT]] [--web[=PORT]] | stop | status");
        assertThat(rota.rota("start", "--jmx=abc").output()).contains("--jmx port must be a number, was 'abc'");
        assertThat(rota.rota("start", "--web=0").output()).contains("--web port must be in 1..65535, was 0");
        assertThat(rota.rota("start", "--web=").output()).contains("--web port must be a number, was ''");
        assertThat(rota.home.resolve("conf/webconsole.password")).as("nothing generated for a refused start").doesNotExist();
    }

    @Test
    void aStartWhoseJvmDiesAtOnceExitsNonZeroWithTheReason() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            UnpackedDistribution.Result started = rota.rota("start", "--jmx=" + taken.getLocalPort());

            assertThat(started.exit()).as(started.output()).isEqualTo(1);
            assertThat(started.output()).contains("rota did not start: the JVM (pid ")
                    .contains("JMX connector server communication error: service:jmx:rmi://127.0.0.1:" + taken.getLocalPort())
                    .contains("Caused by: java.net.BindException: Address already in use")
                    .doesNotContain("rota started");
        }
        assertThat(rota.rota("status").exit()).as("nothing left behind to stop").isEqualTo(3);
    }

    @Test
    void aSecondStartWhoseJvmDiesIsNotTakenForAStartByThePreviousRunsLog() throws Exception {
        assertThat(rota.rota("start").exit()).isZero();
        assertThat(rota.rota("stop").exit()).isZero(); // the log now holds that run's "started" line
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            UnpackedDistribution.Result started = rota.rota("start", "--jmx=" + taken.getLocalPort());

            assertThat(started.exit()).as(started.output()).isEqualTo(1);
            assertThat(started.output()).contains("rota did not start: the JVM (pid ").doesNotContain("rota started");
        }
        assertThat(rota.rota("status").exit()).isEqualTo(3);
    }

    @Test
    void tellsItsUsageAndVersion() throws Exception {
        UnpackedDistribution.Result help = rota.rota("--help");
        assertThat(help.exit()).as(help.output()).isZero();
        assertThat(help.output()).contains("bin/rota start [--jmx[=PORT]] [--web[=PORT]]", "--web (Felix only)",
                "bin/rota stop", "bin/rota --version").doesNotContain("bench ARGS");
        UnpackedDistribution.Result version = rota.rota("--version");
        assertThat(version.exit()).as(version.output()).isZero();
        assertThat(version.output()).containsPattern("^Rota \\d+\\.\\d+\\.\\d+").contains("version \"");
    }

    @Test
    void aStopThatTheProcessIgnoresGivesUpAfterItsTimeoutNamingThePid() throws Exception {
        // A process that ignores SIGTERM stands in for a JVM whose shutdown hangs.
        Process stubborn = new ProcessBuilder("sh", "-c", "trap '' TERM; while :; do sleep 1; done").start();
        try {
            Files.createDirectories(rota.home.resolve("data"));
            Files.writeString(rota.home.resolve("data/rota.pid"), stubborn.pid() + "\n");
            UnpackedDistribution.Result stopped = rota.rota(java.util.Map.of("ROTA_STOP_TIMEOUT", "1"), "stop");
            assertThat(stopped.exit()).as(stopped.output()).isEqualTo(1);
            assertThat(stopped.output()).contains("rota (pid " + stubborn.pid() + ") has not stopped within 1 s",
                    "'kill -9 " + stubborn.pid() + "'");
            assertThat(stubborn.isAlive()).isTrue();
        } finally {
            stubborn.destroyForcibly();
            Files.deleteIfExists(rota.home.resolve("data/rota.pid"));
        }
    }
}
