package io.github.rota.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BenchOptionsTest {

    private static final String USAGE = "usage: bench <workload|budget-sweep|all> [--runtimes a,b] [--forks N] [--warmup N]"
            + " [--rounds N] [--cores 1,2,all] [--scale X] [--noise X] [--budgets 1,8,32] [--out DIR] [--jfr default,FILE.jfc]";

    @Test
    void theDefaultsAreTheMethodThreeInterleavedJvmsOnOneTwoAndAllCoresEveryInstalledRuntime() {
        BenchOptions options = BenchOptions.parse("all");

        assertThat(options.forks()).isEqualTo(3);
        assertThat(options.rounds()).isEqualTo(5);
        assertThat(options.warmup()).isEqualTo(-1);
        assertThat(options.scale()).isEqualTo(1.0);
        assertThat(options.noiseThreshold()).isEqualTo(0.10);
        int cores = Runtime.getRuntime().availableProcessors();
        assertThat(options.cores()).isEqualTo(List.of(1, 2, cores).stream().filter(c -> c <= cores).distinct().toList());
        assertThat(options.runtimes()).contains("rota-ws", "rota-ws-pooled", "rota-executor", "jdk-mpsc", "jdk-spsc");
        assertThat(options.budgets()).containsExactly(1, 8, 32, 64, 128, 256);
        assertThat(options.outDir()).isEqualTo(Path.of("bench-results"));
        assertThat(options.flightRecording()).isEmpty();
        assertThat(options.runtimesToRun()).isEqualTo(options.runtimes());
        assertThat(options.comparable()).isTrue();
    }

    @Test
    void withJfrEachRuntimeAlsoRunsRecordingRightAfterItself(@TempDir Path dir) throws Exception {
        Path settings = Files.writeString(dir.resolve("rota.jfc"), "<configuration version=\"2.0\"/>");
        BenchOptions options = BenchOptions.parse("pingpong-1", "--runtimes", "rota-ws,jdk-mpsc", "--jfr", "default," + settings);

        assertThat(options.flightRecording()).containsExactly("default", settings.toAbsolutePath().toString());
        assertThat(options.runtimesToRun()).containsExactly("rota-ws", "rota-ws+jfr", "jdk-mpsc", "jdk-mpsc+jfr");
        assertThat(options.comparable()).isTrue();
        assertThatThrownBy(() -> BenchOptions.parse("pingpong-1", "--jfr", dir.resolve("none.jfc").toString()))
                .hasMessage("--jfr: cannot read '" + dir.resolve("none.jfc") + "'");
    }

    @Test
    void optionsOverrideTheDefaultsAndARunOffTheMethodSaysWhyItIsNotComparable() {
        BenchOptions options = BenchOptions.parse("fanout", "--runtimes", "rota-ws", "--rounds", "7", "--scale", "0.5",
                "--forks", "1", "--warmup", "0", "--cores", "all,1,all", "--noise", "0.2", "--budgets", "4,16", "--out", "x");

        assertThat(options.runtimes()).containsExactly("rota-ws");
        assertThat(options.rounds()).isEqualTo(7);
        assertThat(options.cores()).first().isEqualTo(1);
        assertThat(options.allCores()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(options.noiseThreshold()).isEqualTo(0.2);
        assertThat(options.budgets()).isEqualTo(List.of(4, 16));
        assertThat(options.notComparableBecause()).containsExactly(
                "--scale 0.5 (sizes differ from the documented ones)", "--forks 1 (fewer than 3 JVMs per pair)",
                "--warmup 0 (not each workload's own warm-up)");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '#', value = {
        "nonsense#unknown workload 'nonsense'; known: [pingpong-1, pingpong-pairs, fanout, hot-actor, flood, broker, ask-latency, threadring, spawn-many, spawn-many-inside, skynet], budget-sweep, all",
        "all --rounds 0#--rounds must be an integer >= 1, was '0'",
        "all --forks x#--forks must be an integer >= 1, was 'x'",
        "all --scale 0#--scale must be a number in (0, 10], was '0'",
        "all --scale abc#--scale must be a number in (0, 10], was 'abc'",
        "all --noise 1.5#--noise must be a number in (0, 1], was '1.5'",
        "all --cores 0#--cores must be an integer >= 1, was '0'",
        "all --cores 100000#--cores 100000: this machine lets the runner use ",
        "all --budgets 0#--budgets must be an integer >= 1, was '0'",
        "all --budgets 2000000#throughput budget must be in 1..1000000, was 2000000",
        "all --frobnicate 1#unknown option --frobnicate; " + USAGE,
        "all --rounds#--rounds needs a value; " + USAGE
    })
    void badArgumentsAreRejectedWithTheReason(String args, String message) {
        assertThatThrownBy(() -> BenchOptions.parse(args.split(" ")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(message);
    }

    @Test
    void aCpuListReadsAsTheKernelWritesIt() {
        assertThat(Cpus.parseList("0-3,8,10-11").stream().boxed().toList()).containsExactly(0, 1, 2, 3, 8, 10, 11);
        assertThatThrownBy(() -> Cpus.parseList("")).isInstanceOf(IllegalArgumentException.class);
    }
}
