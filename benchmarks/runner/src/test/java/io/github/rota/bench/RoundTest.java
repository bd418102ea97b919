package io.github.rota.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class RoundTest {

    @Test
    void aRoundLineParsesBackToTheSameRound() {
        Round round = new Round(true, 1_000_000, 250_000_000, 500_000_000, 40_000_000, 12, 0.031, false, 0.25, 3.5,
                Double.NaN, 4, "evenness=0.981");

        Round parsed = Round.parse(round.line());

        assertThat(parsed).isEqualTo(new Round(true, 1_000_000, 250_000_000, 500_000_000, 40_000_000, 12, 0.031, false,
                0.25, 3.5, Double.NaN, 4, "evenness=0.981"));
        assertThat(parsed.messagesPerSecond()).isEqualTo(4_000_000.0);
        assertThat(parsed.allocatedBytesPerMessage()).isEqualTo(40.0);
        assertThat(parsed.cpuSecondsPerMillion()).isEqualTo(0.5);
        assertThat(parsed.extra("evenness")).isEqualTo(0.981);
        assertThat(parsed.extra("missing")).isNaN();
    }

    @Test
    void aRoundIsNoisyOnlyWhenOthersTookMoreThanTheThresholdBeyondOneTickOfError() {
        // 100 ms: one 10 ms tick is 0.1 of it.
        assertThat(withNoise(0.19).noisierThan(0.10)).isFalse();
        assertThat(withNoise(0.21).noisierThan(0.10)).isTrue();
        assertThat(withNoise(Double.NaN).noisierThan(0.10)).isFalse();
    }

    private static Round withNoise(double noise) {
        return new Round(true, 1, 100_000_000, 1, 0, 0, noise, false, Double.NaN, Double.NaN, Double.NaN, 1, "");
    }

    @Test
    void aLineThatIsNotARoundIsRejected() {
        assertThatThrownBy(() -> Round.parse("PROGRESS fanout rota-ws round 1/7"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("not a ROUND line: PROGRESS fanout rota-ws round 1/7");
    }

    @Test
    void aRoundLineWithoutTheCostFiguresIsRejected() {
        assertThatThrownBy(() -> Round.parse("ROUND measured=true messages=1 nanos=1 p50_us=NaN p99_us=NaN p999_us=NaN "
                + "alloc_bytes=0 threads=1"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("a ROUND line needs");
    }

    @Test
    void aSummaryPoolsTheForksRoundsAndShowsTheSpreadBetweenForks() {
        List<Round> fast = List.of(round(100, 50, 320), round(100, 25, 340));
        List<Round> slow = List.of(round(100, 100, 300));

        Summary summary = new Summary("spawn-many", "rota-ws", 2, 0, List.of(fast, slow), true);

        assertThat(summary.msgsPerSecond()).isEqualTo(2e9); // median of 1e9, 2e9, 4e9
        assertThat(summary.slowestFork()).isEqualTo(1e9);
        assertThat(summary.fastestFork()).isEqualTo(3e9); // median of fork 1: (2e9 + 4e9) / 2
        assertThat(summary.extra("bytes_per_actor")).isEqualTo(320);
        assertThat(summary.noisyRounds()).isEqualTo(1);
        assertThat(summary.resultLine()).isEqualTo("RESULT workload=spawn-many runtime=rota-ws cores=2 forks=2 rounds=3"
                + " msgs_per_s=2000000000 msgs_per_s_slowest_fork=1000000000 msgs_per_s_fastest_fork=3000000000"
                + " p50_us=- p99_us=- p999_us=- alloc_bytes_per_msg=1.0 cpu_s_per_m=0.0020 gc_ms=3 noise=0.050"
                + " noisy_rounds=1 threads=3 seconds=0.000 comparable=true state=unknown bytes_per_actor=320");
    }

    /** A round of 100 messages in {@code nanos}, 200 ns of CPU, 100 bytes, 3 ms of GC; noisy when it took 25 ns. */
    private static Round round(long messages, long nanos, int bytesPerActor) {
        return new Round(true, messages, nanos, 200, 100, 3, nanos == 25 ? 0.2 : 0.05, nanos == 25, Double.NaN, Double.NaN,
                Double.NaN, 3, "bytes_per_actor=" + bytesPerActor);
    }
}
