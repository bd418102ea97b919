package io.github.rota.api;

import java.time.Duration;
import java.util.Objects;
import java.util.function.Function;

/**
 * How an actor treats its failing children: one-for-one (only the failing child is affected),
 * with a {@link Directive} decided per exception, a limit on restarts within a time window, and
 * optionally an exponential back-off before each restart. When a child would be restarted more than
 * {@code maxRestarts} times within {@code window}, it is stopped instead.
 *
 * <p>Immutable and thread-safe.
 */
public final class SupervisorStrategy {

    private static final SupervisorStrategy DEFAULT =
            new SupervisorStrategy(cause -> Directive.RESTART, -1, Duration.ZERO, Duration.ZERO, Duration.ZERO, 0);

    private final Function<? super Throwable, Directive> decider;
    private final int maxRestarts;
    private final Duration window;
    private final Duration minBackoff;
    private final Duration maxBackoff;
    private final double randomFactor;

    private SupervisorStrategy(Function<? super Throwable, Directive> decider, int maxRestarts, Duration window,
                               Duration minBackoff, Duration maxBackoff, double randomFactor) {
        this.decider = decider;
        this.maxRestarts = maxRestarts;
        this.window = window;
        this.minBackoff = minBackoff;
        this.maxBackoff = maxBackoff;
        this.randomFactor = randomFactor;
    }

    /**
     * The default: restart on any failure, with no restart limit.
     *
     * @return the default strategy
     */
    public static SupervisorStrategy defaultStrategy() {
        return DEFAULT;
    }

    /**
     * A one-for-one strategy with no restart limit.
     *
     * @param decider maps a failure to a directive; a {@code null} result means {@link Directive#ESCALATE}
     * @return the strategy
     */
    public static SupervisorStrategy oneForOne(Function<? super Throwable, Directive> decider) {
        return new SupervisorStrategy(Objects.requireNonNull(decider, "decider"), -1, Duration.ZERO, Duration.ZERO,
                Duration.ZERO, 0);
    }

    /**
     * Limits restarts: a child that would be restarted more than {@code maxRestarts} times within
     * {@code window} is stopped instead.
     *
     * @param maxRestarts restarts allowed within the window, at least 0
     * @param window the window, positive
     * @return a strategy with the same decider and back-off, and this limit
     */
    public SupervisorStrategy withMaxRestarts(int maxRestarts, Duration window) {
        Objects.requireNonNull(window, "window");
        if (maxRestarts < 0) {
            throw new IllegalArgumentException("maxRestarts must be >= 0, was " + maxRestarts);
        }
        if (window.isNegative() || window.isZero()) {
            throw new IllegalArgumentException("restart window must be positive, was " + window);
        }
        return new SupervisorStrategy(decider, maxRestarts, window, minBackoff, maxBackoff, randomFactor);
    }

    /**
     * Restarts after an exponential back-off, so that a child failing on something outside it (a
     * database that is down, a peer that refuses) does not restart in a tight loop. The first restart
     * waits {@code minBackoff}, each following one twice as long as the one before, at most
     * {@code maxBackoff}; each delay is stretched by a random share of up to {@code randomFactor}
     * (0.2: up to 20% longer), so that siblings failing together do not restart together. Once the
     * restarted child has run {@code maxBackoff} without failing, the next delay is
     * {@code minBackoff} again.
     *
     * <p>While it waits, the child stays suspended: messages sent to it wait in its mailbox, in order,
     * for the new instance; a child stopped meanwhile (by its parent, or by termination) is not
     * restarted. A limit set with {@link #withMaxRestarts} still applies, counting each restart.
     *
     * @param minBackoff the first delay, positive
     * @param maxBackoff the longest delay, at least {@code minBackoff}
     * @param randomFactor how much longer, at most, a delay may be made at random: 0 for none, at most 1
     * @return a strategy with the same decider and limit, and this back-off
     * @throws IllegalArgumentException if a value is out of range; nothing changes
     * @since 2.7
     */
    public SupervisorStrategy withBackoff(Duration minBackoff, Duration maxBackoff, double randomFactor) {
        Objects.requireNonNull(minBackoff, "minBackoff");
        Objects.requireNonNull(maxBackoff, "maxBackoff");
        if (minBackoff.isNegative() || minBackoff.isZero()) {
            throw new IllegalArgumentException("minBackoff must be positive, was " + minBackoff);
        }
        if (maxBackoff.compareTo(minBackoff) < 0) {
            throw new IllegalArgumentException("maxBackoff must be at least minBackoff (" + minBackoff + "), was " + maxBackoff);
        }
        if (!(randomFactor >= 0 && randomFactor <= 1)) { // NaN fails too
            throw new IllegalArgumentException("randomFactor must be in 0..1, was " + randomFactor);
        }
        return new SupervisorStrategy(decider, maxRestarts, window, minBackoff, maxBackoff, randomFactor);
    }

    /**
     * Decides what happens to a child that failed.
     *
     * @param cause a child's failure
     * @return the directive for it; never null
     */
    public Directive decide(Throwable cause) {
        Directive directive = decider.apply(cause);
        return directive == null ? Directive.ESCALATE : directive;
    }

    /** {@return restarts allowed within {@link #restartWindow()}, or -1 for no limit} */
    public int maxRestarts() {
        return maxRestarts;
    }

    /** {@return the window over which restarts are counted; zero when there is no limit} */
    public Duration restartWindow() {
        return window;
    }

    /**
     * {@return the first restart's delay; zero when restarts are not backed off}
     *
     * @since 2.7
     */
    public Duration minBackoff() {
        return minBackoff;
    }

    /**
     * {@return the longest restart delay; zero when restarts are not backed off}
     *
     * @since 2.7
     */
    public Duration maxBackoff() {
        return maxBackoff;
    }

    /**
     * {@return how much longer, at most, a restart delay is made at random (0.2: up to 20%)}
     *
     * @since 2.7
     */
    public double randomFactor() {
        return randomFactor;
    }

    @Override
    public String toString() {
        String limit = maxRestarts < 0 ? "unlimited restarts" : "max " + maxRestarts + " restarts within " + window;
        return minBackoff.isZero() ? "OneForOne(" + limit + ")"
                : "OneForOne(" + limit + ", back-off " + minBackoff + ".." + maxBackoff + ", random factor " + randomFactor + ")";
    }
}
