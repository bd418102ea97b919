package io.github.rota.itests.distribution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Rota's Flight Recorder events in the running Felix distribution, the way docs/operations.md tells an
 * operator to get them: {@code jcmd <pid> JFR.start} with the JVM's settings and {@code conf/rota.jfc},
 * a change an operator makes, {@code JFR.dump}, and {@code jfr print} of Rota's events.
 */
class FlightRecorderIT {

    private UnpackedDistribution rota;

    @AfterEach
    void stopIfStillRunning() throws Exception {
        if (rota != null) {
            rota.stopIfRunning();
        }
    }

    /** Runs a tool of the JDK the distribution runs on. */
    private UnpackedDistribution.Result jdkTool(String tool, String... args) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("rota.java.home"), "bin", tool).toString());
        command.addAll(List.of(args));
        return UnpackedDistribution.run(command, rota.home);
    }

    @Test
    void jcmdRecordsRotasEventsFromTheRunningDistributionAndJfrPrintsThem() throws Exception {
        rota = UnpackedDistribution.unpack("jfr");
        UnpackedDistribution.Result started = rota.rota("start");
        assertThat(started.exit()).as(started.output()).isZero();
        String pid = Files.readString(rota.home.resolve("data/rota.pid")).trim();

        UnpackedDistribution.Result recording = jdkTool("jcmd", pid, "JFR.start", "name=rota", "settings=default",
                "settings=conf/rota.jfc");
        assertThat(recording.exit()).as(recording.output()).isZero();
        assertThat(recording.output()).contains("Started recording");

        // What an operator changes in the watched configuration: the budget (live), then the kind (a new dispatcher).
        Path cfg = rota.home.resolve("etc/io.github.rota.dispatcher-default.cfg");
        Files.writeString(cfg, Files.readString(cfg).replace("throughput = 32", "throughput = 48"));
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(Files.readString(rota.log()))
                .contains("dispatcher 'default': throughput budget 32 -> 48"));
        Files.writeString(cfg, Files.readString(cfg).replace("kind = work-stealing", "kind = executor"));
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(Files.readString(rota.log()))
                .contains("dispatcher 'default' replaced"));

        Path file = rota.home.resolve("data/rota.jfr");
        UnpackedDistribution.Result dumped = jdkTool("jcmd", pid, "JFR.dump", "name=rota", "filename=" + file);
        assertThat(dumped.exit()).as(dumped.output()).isZero();
        UnpackedDistribution.Result printed = jdkTool("jfr", "print", "--events", "io.github.rota.*", file.toString());
        assertThat(printed.exit()).as(printed.output()).isZero();

        assertThat(eventText(printed.output(), "io.github.rota.BudgetChange"))
                .contains("dispatcher = \"default\"", "oldBudget = 32", "newBudget = 48", "changedBy = \"configuration\"");
        assertThat(eventText(printed.output(), "io.github.rota.DispatcherReplaced"))
                .contains("dispatcher = \"default\"", "oldKind = \"work-stealing\"", "newKind = \"executor\"");
        assertThat(Files.readString(rota.log())).doesNotContain("Flight Recorder events are off").doesNotContain("ERROR");
    }

    /** @return the first event of that name as {@code jfr print} shows it, from its name to its closing brace */
    private static String eventText(String printed, String name) {
        int start = printed.indexOf(name + " {");
        assertThat(start).as(name + " in:%n%s", printed).isNotNegative();
        return printed.substring(start, printed.indexOf("\n}", start));
    }
}
