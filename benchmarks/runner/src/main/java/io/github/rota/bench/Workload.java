package io.github.rota.bench;

import io.github.rota.bench.spi.Contender;
import org.HdrHistogram.Histogram;

/**
 * One benchmark workload. The runner calls {@link #setUp} once per contender (outside the clock),
 * then {@link #round} for each warm-up and measured round; the clock runs from the start of
 * {@code round} until the last message has been handled, which {@code round} waits for.
 */
interface Workload {

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
     * @param latencies where sampled latencies go, in nanoseconds (a workload that measures none leaves it empty)
     * @return what the round did
     * @throws Exception if the round fails or does not finish
     */
    Outcome round(Histogram latencies) throws Exception;

    /** @return whether each round needs a fresh contender (it creates and keeps actors) */
    default boolean freshContenderPerRound() {
        return false;
    }

    /**
     * What one round did.
     *
     * @param messages messages handled (or, for creation workloads, actors created)
     * @param nanos how long the clock ran, or 0 to use the runner's own clock
     * @param extra workload-specific figures, e.g. {@code evenness=0.98}, printed as they are
     */
    record Outcome(long messages, long nanos, String extra) {
        static Outcome of(long messages) {
            return new Outcome(messages, 0, "");
        }
    }
}
