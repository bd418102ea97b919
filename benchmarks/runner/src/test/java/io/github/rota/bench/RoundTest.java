package io.github.rota.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class RoundTest {

    @Test
    void aRoundLineParsesBackToTheSameRound() {
        Round round = new Round(true, 1_000_000, 250_000_000, 0.25, 3.5, Double.NaN, 40_000_000, 4, "evenness=0.981");

        Round parsed = Round.parse(round.line());

        assertThat(parsed.measured()).isTrue();
        assertThat(parsed.messages()).isEqualTo(1_000_000);
        assertThat(parsed.messagesPerSecond()).isEqualTo(4_000_000.0);
        assertThat(parsed.p50Micros()).isEqualTo(0.25);
        assertThat(parsed.p999Micros()).isNaN();
        assertThat(parsed.allocatedBytesPerMessage()).isEqualTo(40.0);
        assertThat(parsed.extra("evenness")).isEqualTo(0.981);
        assertThat(parsed.extra("missing")).isNaN();
    }

    @Test
    void aLineThatIsNotARoundIsRejected() {
        assertThatThrownBy(() -> Round.parse("PROGRESS fanout rota-ws round 1/7"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("not a ROUND line: PROGRESS fanout rota-ws round 1/7");
    }

    @Test
    void aSummaryGivesMediansWithMinAndMaxAndOneResultLine() {
        List<Round> rounds = List.of(
                new Round(true, 100, 100, 1, 10, 20, 0, 3, "bytes_per_actor=300"),
                new Round(true, 100, 50, 2, 20, 40, 100, 3, "bytes_per_actor=320"),
                new Round(true, 100, 25, 3, 30, 60, 200, 3, "bytes_per_actor=340"));

        Summary summary = new Summary("spawn-many", "rota-ws", 0, rounds);

        assertThat(summary.msgsPerSecond()).isEqualTo(2e9);
        assertThat(summary.minMsgsPerSecond()).isEqualTo(1e9);
        assertThat(summary.maxMsgsPerSecond()).isEqualTo(4e9);
        assertThat(summary.p99Micros()).isEqualTo(20);
        assertThat(summary.extra("bytes_per_actor")).isEqualTo(320);
        assertThat(summary.resultLine()).isEqualTo("RESULT workload=spawn-many runtime=rota-ws msgs_per_s=2000000000 "
                + "msgs_per_s_min=1000000000 msgs_per_s_max=4000000000 p50_us=2.0 p99_us=20.0 p999_us=40.0 "
                + "alloc_bytes_per_msg=1.0 threads=3 seconds=0.000 bytes_per_actor=320");
    }
}
