package io.github.rota.dispatcher.workstealing;

/**
 * How a searching worker waits between search rounds before it parks (the Disruptor's wait
 * strategy, for the gap between messages): a few rounds spinning, then a few yielding the core,
 * then the caller parks. A wake-up through the kernel costs several microseconds, more than most
 * gaps between messages; yielding lets a runnable producer (often the one being waited for) have
 * the core. The default's figures come from the workload runner on 2 cores; the benchmark report
 * and the commit log keep their history.
 */
final class WaitStrategy {

    /** 32 spinning rounds, then 32 yielding ones. */
    static final WaitStrategy SPIN_THEN_YIELD = new WaitStrategy(32, 32);

    private final int spinRounds;
    private final int rounds;

    /**
     * @param spinRounds rounds that spin ({@link Thread#onSpinWait})
     * @param yieldRounds rounds after those that yield the core ({@link Thread#yield})
     */
    WaitStrategy(int spinRounds, int yieldRounds) {
        if (spinRounds < 0 || yieldRounds < 0) {
            throw new IllegalArgumentException("rounds must not be negative: " + spinRounds + ", " + yieldRounds);
        }
        this.spinRounds = spinRounds;
        this.rounds = spinRounds + yieldRounds;
    }

    /** {@return search rounds before parking} */
    int rounds() {
        return rounds;
    }

    /** Waits after search round {@code round} (from 0) found nothing. */
    void pause(int round) {
        if (round < spinRounds) {
            Thread.onSpinWait();
        } else {
            Thread.yield();
        }
    }
}
