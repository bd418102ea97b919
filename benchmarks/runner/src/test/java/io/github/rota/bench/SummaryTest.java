package io.github.rota.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A result keeps the machine's state it was measured in, and splits by it. */
class SummaryTest {

    @Test
    void aResultSaysItsStateAndKeepsOnlyTheForksOfAStateWhenAskedFor() {
        List<Round> fastFork = List.of(round(4_000_000, 60), round(4_000_000, 70));
        List<Round> middleFork = List.of(round(2_000_000, 120), round(2_000_000, 140));
        List<Round> slowFork = List.of(round(1_000_000, 420), round(1_000_000, 450));
        Summary both = new Summary("broker", "rota-ws", 2, 0, List.of(fastFork, middleFork, slowFork), true);

        assertThat(both.resultLine()).contains(" state=");
        Summary fast = both.inState("fast").orElseThrow();
        Summary slow = both.inState("slow").orElseThrow();
        assertThat(fast.forks()).containsExactly(fastFork);
        assertThat(fast.state()).isEqualTo("fast");
        assertThat(fast.msgsPerSecond()).isEqualTo(4_000_000);
        assertThat(both.inState("middle").orElseThrow().forks()).containsExactly(middleFork);
        assertThat(slow.forks()).containsExactly(slowFork);
        assertThat(slow.state()).isEqualTo("slow");
        assertThat(slow.resultLine()).contains(" state=slow").contains(" xcore_rtt_ns=435");
        assertThat(new Summary("broker", "rota-ws", 2, 0, List.of(fastFork), true).inState("slow")).isEmpty();
    }

    /** A round of one million messages at {@code perSecond}, with the round trip measured before it. */
    private static Round round(long perSecond, int roundTripNanos) {
        return new Round(true, 1_000_000, 1_000_000_000L * 1_000_000 / perSecond, 1, 0, 0, 0, false,
                Double.NaN, Double.NaN, Double.NaN, 2, "xcore_rtt_ns=" + roundTripNanos);
    }
}
