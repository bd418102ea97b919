package io.github.rota.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ComparisonTest {

    @Test
    void bestPekkoIsTheBestConfigurationForEachFigureInItsOwnDirection() {
        // pekko-tuned has the better rate, pekko-tuned-tp32 the better p99.
        Map<String, Map<String, Summary>> results = Map.of("pingpong-1", Map.of(
                "rota-ws", pingpong("rota-ws", 100, 2.0),
                "pekko-default", pingpong("pekko-default", 10, 9.0),
                "pekko-tuned", pingpong("pekko-tuned", 25, 6.0),
                "pekko-tuned-tp32", pingpong("pekko-tuned-tp32", 20, 4.0)));

        List<Comparison> rows = Comparison.of(results, 2);

        assertThat(rows).filteredOn(c -> c.figure().equals("msgs/s")).singleElement().satisfies(c -> {
            assertThat(c.pekkoBestName()).isEqualTo("pekko-tuned");
            assertThat(c.advantageBest()).isEqualTo(4.0);
            assertThat(c.advantageDefault()).isEqualTo(10.0);
            assertThat(c.met()).isEqualTo(Optional.of(false)); // 4x, target 5x
        });
        assertThat(rows).filteredOn(c -> c.figure().equals("p99 round trip µs")).singleElement().satisfies(c -> {
            assertThat(c.pekkoBestName()).isEqualTo("pekko-tuned-tp32");
            assertThat(c.advantageBest()).isEqualTo(2.0);
            assertThat(c.met()).isEqualTo(Optional.of(true)); // half of best Pekko's
        });
    }

    /** One round of a million messages in {@code 1e9 / rate} ns with the given p99. */
    private static Summary pingpong(String runtime, long millionsPerSecond, double p99) {
        Round round = new Round(true, 1_000_000, 1_000_000_000 / millionsPerSecond, 1, 0, 0, 0, false, 0.2, p99, p99,
                2, "");
        return new Summary("pingpong-1", runtime, 2, 0, List.of(List.of(round)), true);
    }
}
