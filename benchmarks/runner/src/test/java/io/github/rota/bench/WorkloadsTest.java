package io.github.rota.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every workload, tiny, on Rota in this JVM: it finishes, counts what it was asked to do, and measures its window. */
class WorkloadsTest {

    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());
    /** No round is run again for noise here: a test machine is as busy as it is. */
    private static final double NEVER_NOISY = 1.0;

    @ParameterizedTest
    @CsvSource({
        "pingpong-1, 4000",           // 2,000 round trips
        "pingpong-pairs, -1",         // 2 x cores pairs of 500 round trips
        "fanout, 4000",               // 2,000 sends, 2,000 acks
        "hot-actor, 4000",            // 4 senders x 1,000
        "flood, 6012",                // 6 floods of 1,000, each with its count question and reply
        "broker, 2048",               // 512 pairings: two replies and the two requests they bring back
        "ask-latency, 200",           // 100 asks, 100 replies
        "threadring, 4000",           // 4,000 hops
        "spawn-many, 1000",           // 1,000 actors
        "spawn-many-inside, 1000",    // 1,000 children of one actor
        "skynet, 2221"                // 1,111 actors: a start each, a reply from all but the root
    })
    void runsCountsItsMessagesAndMeasuresItsWindow(String workload, long expectedMessages) throws Exception {
        List<Round> rounds = WorkloadMain.run(workload, "rota-ws", 0, 1, 2, 0.001, NEVER_NOISY, QUIET);

        long expected = expectedMessages >= 0 ? expectedMessages
                : 2L * 2 * Runtime.getRuntime().availableProcessors() * 500;
        assertThat(rounds).hasSize(3);
        assertThat(rounds).filteredOn(Round::measured).hasSize(2).allSatisfy(round -> {
            assertThat(round.messages()).isEqualTo(expected);
            assertThat(round.nanos()).isPositive();
            assertThat(round.cpuNanos()).isPositive();
            assertThat(round.allocatedBytes()).isNotNegative();
            assertThat(round.noisy()).isFalse();
        });
    }

    @ParameterizedTest
    @CsvSource({"jdk-mpsc, 40000, 1", "jdk-spsc, 10000, 2"})
    void theJdkLimitsRunPingPongOne(String limit, long messages, int threads) throws Exception {
        List<Round> rounds = WorkloadMain.run("pingpong-1", limit, 0, 0, 1, 0.001, NEVER_NOISY, QUIET);

        assertThat(rounds).singleElement().satisfies(round -> {
            assertThat(round.messages()).isEqualTo(messages);
            assertThat(round.threads()).isEqualTo(threads);
        });
    }

    @ParameterizedTest
    @CsvSource({"hot-actor, evenness", "flood, drain_start_us", "flood, overlap", "spawn-many, bytes_per_actor"})
    void workloadsReportTheirOwnFigures(String workload, String figure) throws Exception {
        List<Round> rounds = WorkloadMain.run(workload, "rota-ws", 0, 0, 1, 0.001, NEVER_NOISY, QUIET);

        assertThat(rounds.get(0).extra(figure)).isNotNaN().isNotNegative();
    }

    /** Every round says the machine's state and, on Rota, what crossed between workers per message. */
    @Test
    void roundsReportTheCrossCoreRoundTripAndTheSchedulersCountersPerMessage() throws Exception {
        List<Round> rounds = WorkloadMain.run("broker", "rota-ws", 0, 0, 1, 0.001, NEVER_NOISY, QUIET);

        Round round = rounds.get(0);
        assertThat(round.extra("xcore_rtt_ns")).isPositive();
        assertThat(round.extra("turns_per_msg")).as("a turn handles one message or more").isPositive().isLessThanOrEqualTo(1.0);
        for (String counter : List.of("steals", "next_slot_steals", "actors_stolen", "probes", "releases", "global", "global_polls",
                "unparks", "parks")) {
            assertThat(round.extra(counter + "_per_msg")).as(counter).isNotNaN().isNotNegative();
        }
        assertThat(round.extra("actors_stolen_per_msg")).as("a steal moves one actor or more")
                .isGreaterThanOrEqualTo(round.extra("steals_per_msg"));
    }

    /** What a user watches while a run goes on: each round's rate with its state and counters. */
    @Test
    void theProgressLineOfARoundShowsTheMachinesStateAndTheCounters() throws Exception {
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        WorkloadMain.run("broker", "rota-ws", 0, 0, 1, 0.001, NEVER_NOISY, new PrintStream(progress, true, StandardCharsets.UTF_8));

        assertThat(progress.toString(StandardCharsets.UTF_8)).contains("PROGRESS broker rota-ws round 1/1: ")
                .contains(" xcore_rtt_ns=").contains(" steals_per_msg=").contains(" actors_stolen_per_msg=");
    }

    /** A runtime that hangs fails its round and then its close: the round's failure is reported. */
    @Test
    void aRoundsFailureIsReportedWithTheRuntimesFailureToCloseSuppressedInIt() {
        assertThatThrownBy(() -> WorkloadMain.run("pingpong-1", FailingContenders.FAILING, 0, 0, 1, 0.001, NEVER_NOISY, QUIET))
                .hasMessageStartingWith("cannot spawn ")
                .satisfies(failure -> assertThat(failure.getSuppressed()).singleElement()
                        .extracting(Throwable::getMessage).isEqualTo("did not terminate"));
    }

    /** A workload that starts a fresh runtime each round closes it in the round; one whose close fails is not closed again. */
    @Test
    void aRuntimeThatFailsToCloseIsClosedOnce() {
        assertThatThrownBy(() -> WorkloadMain.run("skynet", FailingContenders.UNCLOSABLE, 0, 0, 1, 0.001, NEVER_NOISY, QUIET))
                .hasMessage("did not terminate")
                .satisfies(failure -> assertThat(failure.getSuppressed()).as("a second close's failure").isEmpty());
    }

    @Test
    void aJdkLimitHasTheRoundTripButNoSchedulerCounters() throws Exception {
        Round round = WorkloadMain.run("pingpong-1", "jdk-spsc", 0, 0, 1, 0.001, NEVER_NOISY, QUIET).get(0);

        assertThat(round.extra("xcore_rtt_ns")).isPositive();
        assertThat(round.extra("steals_per_msg")).isNaN();
    }
}
