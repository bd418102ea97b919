package io.github.rota.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The reliability scenarios and the soak on a real module path (a forked JVM, wired by
 * ServiceLoader): every scenario's messages add up exactly and nothing else went wrong.
 */
class ReliabilityIT {

    private static final List<String> SCENARIOS = List.of("budget-changes", "failing-handlers-resume",
            "failing-handlers-restart", "failing-handlers-stop", "failing-handlers-escalate", "poison-pill-storm",
            "bounded-overflow", "terminate-under-load");

    @Test
    void everyScenarioAddsUp() throws Exception {
        List<String> lines = run("all");
        List<String> scenarios = lines.stream().filter(l -> l.startsWith("SCENARIO ")).toList();
        assertThat(scenarios).extracting(l -> l.split(" ")[1].substring("name=".length()))
                .containsExactlyElementsOf(SCENARIOS);
        assertThat(scenarios).allSatisfy(l -> assertThat(l).contains(" lost=0 ", " duplicates=0 ", " reordered=0 ",
                " envelopesOutstanding=0 ", " problems=[] ").endsWith(" ok=true"));
    }

    @Test
    void theSoakLosesNothingAndGrowsNothing() throws Exception {
        String seconds = System.getProperty("rota.soak.seconds", "60");
        List<String> lines = run("soak", seconds, "5");
        assertThat(lines.stream().filter(l -> l.startsWith("SAMPLE "))).hasSizeGreaterThanOrEqualTo(4);
        assertThat(lines).filteredOn(l -> l.startsWith("SCENARIO ")).singleElement().asString()
                .startsWith("SCENARIO name=soak-" + seconds + "s").contains(" lost=0 ", " problems=[] ").endsWith(" ok=true");
    }

    /** Runs ReliabilityMain on the module path and returns what it printed, checking it exited with 0. */
    private static List<String> run(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("rota.java.home"), "bin", "java").toString(),
                "-Xmx512m", "-Dorg.slf4j.simpleLogger.defaultLogLevel=error", "--module-path",
                System.getProperty("rota.module.path"),
                "-m", "io.github.rota.reliability/io.github.rota.reliability.ReliabilityMain"));
        command.addAll(List.of(args));
        if (Runtime.version().feature() >= 23) {
            command.add(1, "--sun-misc-unsafe-memory-access=allow");
        }
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        List<String> lines = new String(process.getInputStream().readAllBytes()).lines().toList();
        assertThat(process.waitFor(40, TimeUnit.MINUTES)).isTrue();
        lines.forEach(System.out::println); // the SCENARIO and SAMPLE lines, in the failsafe report
        assertThat(process.exitValue()).as(String.join("\n", lines)).isZero();
        return lines;
    }
}
