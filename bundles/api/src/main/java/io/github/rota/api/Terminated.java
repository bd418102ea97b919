package io.github.rota.api;

import java.util.Objects;

/**
 * Death-watch notification: the watched actor {@code ref} has stopped.
 *
 * @param ref the actor that stopped
 */
public record Terminated(ActorRef<?> ref) {

    /**
     * Checks the component.
     *
     * @param ref the actor that stopped, not null
     */
    public Terminated {
        Objects.requireNonNull(ref, "ref");
    }
}
