package io.github.rota.api;

import java.util.Objects;

/**
 * A fault in the machinery around actor code, which no supervisor can see: a dispatcher that
 * refused or failed a turn, an exception from a lifecycle hook while stopping. Published on the
 * {@link EventStream} and logged. Traffic here means something is wrong underneath the actors:
 * treat it as an alarm, not a metric.
 *
 * @param dispatcherId the dispatcher involved
 * @param cause the fault
 * @param actor the actor whose turn it was, or {@code null} for work that belongs to no actor
 */
public record DispatcherError(String dispatcherId, Throwable cause, ActorRef<?> actor) {

    /**
     * Checks the components.
     *
     * @param dispatcherId the dispatcher involved, not null
     * @param cause the fault, not null
     * @param actor the actor whose turn it was, or {@code null}
     */
    public DispatcherError {
        Objects.requireNonNull(dispatcherId, "dispatcherId");
        Objects.requireNonNull(cause, "cause");
    }
}
