package io.github.rota.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every workload, tiny, on Rota in this JVM: it finishes and counts what it was asked to do. */
class WorkloadsTest {

    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

    @ParameterizedTest
    @CsvSource({
        "pingpong-1, 600",            // 300 round trips
        "pingpong-pairs, -1",         // 2 x cores pairs of 150 round trips
        "fanout, 2000",               // 1,000 sends, 1,000 acks
        "hot-actor, 4000",            // 4 senders x 1,000
        "ask-latency, 200",           // 100 asks, 100 replies
        "threadring, 1200",           // 1,200 hops
        "spawn-many, 1000",           // 1,000 actors
        "skynet, 2221"                // 1,111 actors: a start each, a reply from all but the root
    })
    void runsAndCountsItsMessages(String workload, long expectedMessages) throws Exception {
        List<Round> rounds = WorkloadMain.run(workload, "rota-ws", 0, 1, 2, 0.001, QUIET);

        long expected = expectedMessages >= 0 ? expectedMessages
                : 2L * 2 * Runtime.getRuntime().availableProcessors() * 150;
        assertThat(rounds).hasSize(3);
        assertThat(rounds).filteredOn(Round::measured).hasSize(2)
                .allSatisfy(round -> assertThat(round.messages()).isEqualTo(expected))
                .allSatisfy(round -> assertThat(round.nanos()).isPositive());
    }

    @ParameterizedTest
    @CsvSource({"jdk-mpsc, 1", "jdk-spsc, 2"})
    void theJdkLimitsRunPingPongOne(String limit, int threads) throws Exception {
        // At this scale both limits run their minimum of 10,000 messages.
        List<Round> rounds = WorkloadMain.run("pingpong-1", limit, 0, 0, 1, 0.001, QUIET);

        assertThat(rounds).singleElement().satisfies(round -> {
            assertThat(round.messages()).isEqualTo(10_000);
            assertThat(round.threads()).isEqualTo(threads);
        });
    }
}
