package io.github.rota.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class BenchOptionsTest {

    @Test
    void defaultsAreFiveMeasuredRoundsOfTheDocumentedSizesOnEveryInstalledRuntime() {
        Bench.Options options = Bench.Options.parse("all");

        assertThat(options.rounds()).isEqualTo(5);
        assertThat(options.warmup()).isEqualTo(1);
        assertThat(options.scale()).isEqualTo(1.0);
        assertThat(options.runtimes()).contains("rota-ws", "rota-executor", "jdk-mpsc", "jdk-spsc");
        assertThat(options.budgets()).containsExactly(1, 8, 32, 64, 128, 256);
        assertThat(options.outDir()).isEqualTo(Path.of("bench-results"));
    }

    @Test
    void optionsOverrideTheDefaults() {
        Bench.Options options = Bench.Options.parse("fanout", "--runtimes", "rota-ws", "--rounds", "7", "--scale", "0.5",
                "--budgets", "4,16", "--out", "x");

        assertThat(options.runtimes()).containsExactly("rota-ws");
        assertThat(options.rounds()).isEqualTo(7);
        assertThat(options.budgets()).isEqualTo(List.of(4, 16));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '#', value = {
        "nonsense#unknown workload 'nonsense'; known: [pingpong-1, pingpong-pairs, fanout, hot-actor, ask-latency, threadring, spawn-many, skynet], budget-sweep, all",
        "all --rounds 3#--rounds must be an integer >= 5, was '3'",
        "all --scale 0#--scale must be a number in (0, 10], was '0'",
        "all --scale abc#--scale must be a number in (0, 10], was 'abc'",
        "all --budgets 0#--budgets must be an integer >= 1, was '0'",
        "all --budgets 2000000#throughput budget must be in 1..1000000, was 2000000",
        "all --frobnicate 1#unknown option --frobnicate; usage: bench <workload|budget-sweep|all> [--runtimes a,b] [--warmup N] [--rounds N] [--scale X] [--budgets 1,8,32] [--out DIR]",
        "all --rounds#--rounds needs a value; usage: bench <workload|budget-sweep|all> [--runtimes a,b] [--warmup N] [--rounds N] [--scale X] [--budgets 1,8,32] [--out DIR]"
    })
    void badArgumentsAreRejectedWithTheReason(String args, String message) {
        assertThatThrownBy(() -> Bench.Options.parse(args.split(" ")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message);
    }
}
