package io.github.rota.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A workload JVM: one that never ends must not hold up the whole run; every one runs the same collector. */
class ChildJvmTest {

    @Test
    void aOneCoreWorkloadJvmRunsTheSameCollectorAsAnAllCoreOne() throws Exception {
        ChildJvm jvm = new ChildJvm(0.1);
        for (int cores : new int[] {1, Runtime.getRuntime().availableProcessors()}) {
            // The JVM options come before the main class, so -version ends the child right there.
            Process child = new ProcessBuilder(jvm.command(cores, List.of("-XX:+PrintFlagsFinal", "-version"), List.of()))
                    .redirectErrorStream(true).start();
            String flags = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(child.waitFor(1, TimeUnit.MINUTES)).isTrue();
            assertThat(child.exitValue()).as(flags).isZero();
            assertThat(flags).as("on %d cores", cores).containsPattern("bool UseG1GC\\s+= true")
                    .containsPattern("bool UseSerialGC\\s+= false");
        }
    }

    @Test
    void aChildThatOutlivesItsDeadlineIsEndedAndSaysSo() throws Exception {
        Process child = new ProcessBuilder("sleep", "600").start();
        ByteArrayOutputStream printed = new ByteArrayOutputStream();

        ChildJvm.endIfHung(child, Duration.ofMillis(200), new PrintStream(printed, true, StandardCharsets.UTF_8), "hung");

        assertThat(child.waitFor(10, TimeUnit.SECONDS)).as("ended").isTrue();
        assertThat(child.exitValue()).isNotZero();
        assertThat(printed.toString(StandardCharsets.UTF_8)).contains("hung still runs after PT0.2S");
    }

    @Test
    void aChildThatEndsInTimeIsLeftAlone() throws Exception {
        Process child = new ProcessBuilder("true").start();
        ByteArrayOutputStream printed = new ByteArrayOutputStream();

        ChildJvm.endIfHung(child, Duration.ofMinutes(1), new PrintStream(printed, true, StandardCharsets.UTF_8), "quick");

        assertThat(child.exitValue()).isZero();
        assertThat(printed.size()).isZero();
    }
}
