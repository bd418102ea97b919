package io.github.rota.itests.distribution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The built distribution as a user runs it: unpack {@code rota.tar.gz}, {@code bin/rota start},
 * watch the demo workload report through SLF4J, {@code bin/rota stop}.
 */
class LauncherIT {

    private Path home;

    @BeforeEach
    void unpack() throws Exception {
        Path dir = Path.of(System.getProperty("rota.unpack.dir"));
        if (Files.exists(dir)) {
            run(List.of("rm", "-rf", dir.toString()), Path.of("."));
        }
        Files.createDirectories(dir);
        assertThat(run(List.of("tar", "-xzf", System.getProperty("rota.archive"), "-C", dir.toString()), dir).exit())
                .isZero();
        home = dir.resolve("rota");
        // Report every second instead of every ten, so the test sees the demo quickly.
        Path demo = home.resolve("etc/io.github.rota.demo.cfg");
        Files.writeString(demo, Files.readString(demo).replace("reportSeconds = 10", "reportSeconds = 1"));
    }

    @AfterEach
    void stopIfStillRunning() throws Exception {
        if (home != null && Files.exists(home.resolve("data/rota.pid"))) {
            rota("stop");
        }
    }

    @Test
    void startsInTheBackgroundRunsTheDemoAndStopsCleanly() throws Exception {
        Result started = rota("start");
        assertThat(started.exit()).as(started.output()).isZero();
        assertThat(started.output()).contains("rota started (pid ");
        assertThat(rota("status").output()).contains("rota is running");

        Path log = home.resolve("data/log/rota.log");
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertThat(Files.readString(log))
                .contains("DispatcherComponent - dispatcher 'default' started")
                .contains("DemoComponent - demo workload started")
                .containsPattern("demo: last 1 s: [1-9]\\d* round trips, [1-9]\\d* fan-out acks, [1-9]\\d* hot-actor messages"));
        assertThat(rota("start").exit()).as("a second start is refused").isEqualTo(1);

        Result stopped = rota("stop");
        assertThat(stopped.exit()).as(stopped.output()).isZero();
        assertThat(stopped.output()).contains("rota stopped");
        assertThat(Files.readString(log))
                .contains("demo workload stopped")
                .contains("actor system 'rota' terminated (0 dead letters)")
                .doesNotContain("ERROR")
                .doesNotContain("Exception");
        Result status = rota("status");
        assertThat(status.exit()).isEqualTo(3);
        assertThat(status.output()).contains("rota is not running");
    }

    @Test
    void anUnknownCommandPrintsTheUsage() throws Exception {
        Result result = rota("restart-please");
        assertThat(result.exit()).isEqualTo(2);
        assertThat(result.output()).contains("usage: bin/rota [run|start|stop|status]");
    }

    private Result rota(String command) throws Exception {
        return run(List.of(home.resolve("bin/rota").toString(), command), home);
    }

    private record Result(int exit, String output) {
    }

    private static Result run(List<String> command, Path dir) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        builder.environment().put("JAVA_HOME", System.getProperty("rota.java.home"));
        Process process = builder.start();
        // A background start leaves a child holding no pipe of ours (its output goes to the log).
        String output = new String(process.getInputStream().readAllBytes());
        if (!process.waitFor(2, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError(command + " did not finish: " + output);
        }
        return new Result(process.exitValue(), output);
    }
}
