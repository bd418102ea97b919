package io.github.rota.api;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * A dispatcher worker has been inside one actor's turn longer than the dispatcher's starvation
 * threshold: that actor blocks or computes for long, and every actor queued behind it on that
 * worker waits. Published once per episode on the {@link EventStream} (and logged with the stack).
 * Move blocking work into {@link ActorContext#blocking}, or onto a {@code pinned} dispatcher.
 *
 * @param dispatcherId the dispatcher
 * @param workerThread the stuck worker's thread name
 * @param stuckFor how long it had been in the turn when reported (at least the threshold)
 * @param stack the worker's stack when reported, innermost frame first
 */
public record WorkerStarvation(String dispatcherId, String workerThread, Duration stuckFor, List<StackTraceElement> stack) {

    /**
     * Checks the components and copies the stack.
     *
     * @param dispatcherId the dispatcher, not null
     * @param workerThread the thread name, not null
     * @param stuckFor how long, not null
     * @param stack the stack, copied
     */
    public WorkerStarvation {
        Objects.requireNonNull(dispatcherId, "dispatcherId");
        Objects.requireNonNull(workerThread, "workerThread");
        Objects.requireNonNull(stuckFor, "stuckFor");
        stack = List.copyOf(stack);
    }
}
