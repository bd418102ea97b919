package io.github.rota.bench;

import io.github.rota.bench.spi.Contender;
import org.HdrHistogram.Histogram;

/**
 * One benchmark workload. The runner calls {@link #setUp} once per contender (outside the clock),
 * then {@link #round} for each warm-up and measured round; the round opens its {@link Window} right
 * before its first message and closes it once the last message has been handled, which it waits for.
 */
interface Workload {

    /** Warm-up rounds for a workload of short rounds: the JIT compiles Pekko's and Rota's hot paths over seconds. */
    int SHORT_ROUND_WARMUP = 10;
    /** Warm-up rounds for one that builds a runtime of a million actors per round. */
    int LONG_ROUND_WARMUP = 2;

    /** @return the name on the command line and in RESULT lines */
    String name();

    /**
     * Spawns the actors.
     *
     * @param contender the runtime
     * @param scale 1.0 for the documented sizes; smaller for quick runs
     */
    void setUp(Contender contender, double scale);

    /**
     * Runs one round and waits until its last message has been handled.
     *
     * @param window to open right before the first message and close right after the last was handled
     * @param latencies where sampled latencies go, in nanoseconds (a workload that measures none leaves it empty)
     * @return what the round did
     * @throws Exception if the round fails or does not finish
     */
    Outcome round(Window window, Histogram latencies) throws Exception;

    /** @return whether each round needs a fresh contender (it creates and keeps actors) */
    default boolean freshContenderPerRound() {
        return false;
    }

    /** @return the warm-up rounds the runner's method gives this workload */
    default int warmupRounds() {
        return freshContenderPerRound() ? LONG_ROUND_WARMUP : SHORT_ROUND_WARMUP;
    }

    /** Ends what {@link #setUp} started outside the contender (threads of its own); the contender closes after. */
    default void tearDown() {
    }

    /**
     * What one round did.
     *
     * @param messages messages handled (or, for creation workloads, actors started)
     * @param extra workload-specific figures, e.g. {@code evenness=0.98}, printed as they are
     */
    record Outcome(long messages, String extra) {
        static Outcome of(long messages) {
            return new Outcome(messages, "");
        }
    }
}
