package io.github.rota.bench.pekko;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code bench all} as the README runs it (at a tiny scale): every workload on Rota and on both Pekko
 * configurations, the JDK limits, the budget sweep, the comparison with the targets, the report and
 * the charts.
 */
class BenchAllIT {

    private static final List<String> WORKLOADS = List.of("pingpong-1", "pingpong-pairs", "fanout", "hot-actor",
            "ask-latency", "threadring", "spawn-many", "skynet");
    private static final List<String> RUNTIMES = List.of("rota-ws", "rota-executor", "pekko-default", "pekko-tuned");

    @Test
    void benchAllPrintsEveryResultTheComparisonAndWritesTheReportAndCharts() throws Exception {
        Path out = Path.of(System.getProperty("rota.bench.out"));
        List<String> command = List.of(Path.of(System.getProperty("rota.java.home"), "bin", "java").toString(),
                "-cp", Path.of(System.getProperty("rota.bench.lib")).resolve("*").toString(),
                "io.github.rota.bench.Bench", "all", "--scale", "0.002", "--warmup", "0", "--out", out.toString());
        Process bench = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(bench.getInputStream().readAllBytes());
        assertThat(bench.waitFor(10, TimeUnit.MINUTES)).isTrue();
        assertThat(bench.exitValue()).as(output).isZero();

        List<String> missing = new ArrayList<>();
        for (String workload : WORKLOADS) {
            for (String runtime : RUNTIMES) {
                if (!output.contains("RESULT workload=" + workload + " runtime=" + runtime + " msgs_per_s=")) {
                    missing.add(workload + "/" + runtime);
                }
            }
        }
        assertThat(missing).as(output).isEmpty();
        assertThat(output).contains("RESULT workload=pingpong-1 runtime=jdk-mpsc ", "RESULT workload=pingpong-1 runtime=jdk-spsc ",
                "RESULT workload=pingpong-1 runtime=rota-ws-pooled ");
        for (int budget : new int[] {1, 8, 32, 64, 128, 256}) {
            assertThat(output).contains("RESULT workload=fanout runtime=rota-ws budget=" + budget + " ",
                    "RESULT workload=pingpong-pairs runtime=rota-ws budget=" + budget + " ");
        }
        assertThat(output).contains("Rota (work-stealing) against Pekko", "pingpong-1       msgs/s", "target >= 5.0x");
        assertThat(output).containsPattern("\\.\\. pingpong-1 rota-ws round \\d/5");

        String report = Files.readString(out.resolve("report.md"));
        assertThat(report).contains("# Rota benchmark report", "| pingpong-1 | msgs/s |", "## Budget sweep (rota-ws)",
                "![Rota's advantage per workload](ratios.png)");
        assertPng(out.resolve("ratios.png"));
        assertPng(out.resolve("budget-sweep.png"));
    }

    private static void assertPng(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        assertThat(bytes.length).isGreaterThan(1_000);
        assertThat(new String(bytes, 1, 3)).isEqualTo("PNG");
    }
}
