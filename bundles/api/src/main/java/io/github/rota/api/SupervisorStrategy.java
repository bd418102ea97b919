package io.github.rota.api;

import java.time.Duration;
import java.util.Objects;
import java.util.function.Function;

/**
 * How an actor treats its failing children: one-for-one (only the failing child is affected),
 * with a {@link Directive} decided per exception and a limit on restarts within a time window.
 * When a child would be restarted more than {@code maxRestarts} times within {@code window}, it is
 * stopped instead.
 *
 * <p>Immutable and thread-safe.
 */
public final class SupervisorStrategy {

    private static final SupervisorStrategy DEFAULT =
            new SupervisorStrategy(cause -> Directive.RESTART, -1, Duration.ZERO);

    private final Function<? super Throwable, Directive> decider;
    private final int maxRestarts;
    private final Duration window;

    private SupervisorStrategy(Function<? super Throwable, Directive> decider, int maxRestarts, Duration window) {
        this.decider = decider;
        this.maxRestarts = maxRestarts;
        this.window = window;
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
        return new SupervisorStrategy(Objects.requireNonNull(decider, "decider"), -1, Duration.ZERO);
    }

    /**
     * Limits restarts: a child that would be restarted more than {@code maxRestarts} times within
     * {@code window} is stopped instead.
     *
     * @param maxRestarts restarts allowed within the window, at least 0
     * @param window the window, positive
     * @return a strategy with the same decider and this limit
     */
    public SupervisorStrategy withMaxRestarts(int maxRestarts, Duration window) {
        Objects.requireNonNull(window, "window");
        if (maxRestarts < 0) {
            throw new IllegalArgumentException("maxRestarts must be >= 0, was " + maxRestarts);
        }
        if (window.isNegative() || window.isZero()) {
            throw new IllegalArgumentException("restart window must be positive, was " + window);
        }
        return new SupervisorStrategy(decider, maxRestarts, window);
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

    @Override
    public String toString() {
        return maxRestarts < 0 ? "OneForOne(unlimited restarts)"
                : "OneForOne(max " + maxRestarts + " restarts within " + window + ")";
    }
}
