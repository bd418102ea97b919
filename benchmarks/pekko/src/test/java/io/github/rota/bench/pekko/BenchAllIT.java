package io.github.rota.bench.pekko;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledForJreRange;
import org.junit.jupiter.api.condition.JRE;

/**
 * {@code bench all} as docs/benchmarks.md runs it, at a tiny scale and one fork: every workload on Rota and on
 * every Pekko configuration, the JDK limits, the budget sweep, the comparison with the targets, the
 * report and the charts; and one workload pinned to one core.
 */
class BenchAllIT {

    private static final List<String> WORKLOADS = List.of("pingpong-1", "pingpong-pairs", "fanout", "hot-actor", "flood",
            "broker", "ask-latency", "threadring", "spawn-many", "spawn-many-inside", "skynet");
    private static final List<String> RUNTIMES = List.of("rota-ws", "rota-ws-pooled", "rota-executor", "pekko-default",
            "pekko-tuned", "pekko-tuned-tp32");

    @Test
    @DisabledForJreRange(min = JRE.JAVA_21, disabledReason = "the report, charts and comparison do not depend on the JDK:"
            + " the test command's first pass (JDK 17) runs them, the second (JDK 25) runs the runner only in the test below")
    void benchAllPrintsEveryResultTheComparisonAndWritesTheReportAndCharts() throws Exception {
        Path out = Path.of(System.getProperty("rota.bench.out"));
        String output = bench("all", "--scale", "0.002", "--warmup", "0", "--forks", "1", "--cores", "all",
                "--out", out.toString());

        int cores = Runtime.getRuntime().availableProcessors();
        List<String> missing = new ArrayList<>();
        for (String workload : WORKLOADS) {
            for (String runtime : RUNTIMES) {
                if (!output.contains("RESULT workload=" + workload + " runtime=" + runtime + " cores=" + cores + " forks=1 ")) {
                    missing.add(workload + "/" + runtime);
                }
            }
        }
        assertThat(missing).as(output).isEmpty();
        assertThat(output).contains("RESULT workload=pingpong-1 runtime=jdk-mpsc ", "RESULT workload=pingpong-1 runtime=jdk-spsc ",
                "NOT COMPARABLE with a run by the runner's method: --scale 0.002", "comparable=false");
        for (int budget : new int[] {1, 8, 32, 64, 128, 256}) {
            assertThat(output).contains("RESULT workload=fanout runtime=rota-ws cores=" + cores + " budget=" + budget + " ",
                    "RESULT workload=pingpong-pairs runtime=rota-ws cores=" + cores + " budget=" + budget + " ");
        }
        assertThat(output).contains("Rota (work-stealing) against the best Pekko", "target >= 5x");
        assertThat(output).containsPattern("\\.\\. pingpong-1 rota-ws round \\d/5: [\\d,]+ msgs/s");

        String report = Files.readString(out.resolve("report.md"));
        assertThat(report).contains("# Rota benchmark report", "**not comparable**", "| pingpong-1 | msgs/s |",
                "## CPU-seconds per million messages", "## Budget sweep (rota-ws", "![Rota's advantage per workload](ratios.png)");
        assertPng(out.resolve("ratios.png"));
        assertPng(out.resolve("cpu.png"));
        assertPng(out.resolve("budget-sweep.png"));
    }

    @Test
    void aOneCoreRunPinsTheWorkloadJvm() throws Exception {
        String output = bench("pingpong-1", "--runtimes", "rota-ws,pekko-tuned", "--scale", "0.002", "--warmup", "0",
                "--forks", "1", "--cores", "1");

        assertThat(output).contains("RESULT workload=pingpong-1 runtime=rota-ws cores=1 ",
                "RESULT workload=pingpong-1 runtime=pekko-tuned cores=1 ");
    }

    private static String bench(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("rota.java.home"), "bin", "java").toString(),
                "-cp", Path.of(System.getProperty("rota.bench.lib")).resolve("*").toString(), "io.github.rota.bench.Bench"));
        command.addAll(List.of(args));
        Process bench = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(bench.getInputStream().readAllBytes());
        assertThat(bench.waitFor(10, TimeUnit.MINUTES)).isTrue();
        assertThat(bench.exitValue()).as(output).isZero();
        return output;
    }

    private static void assertPng(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        assertThat(bytes.length).isGreaterThan(1_000);
        assertThat(new String(bytes, 1, 3)).isEqualTo("PNG");
    }
}
