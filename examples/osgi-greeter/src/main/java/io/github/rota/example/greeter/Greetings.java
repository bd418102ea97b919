package io.github.rota.example.greeter;

import java.util.concurrent.CompletionStage;

/**
 * What the greeter bundle offers other bundles, as an OSGi service: greetings made by an actor, so
 * callers on any thread never touch the actor's state.
 */
public interface Greetings {

    /**
     * Greets someone.
     *
     * @param name who, not null
     * @return the greeting, once the actor made it; failed with a {@link java.util.concurrent.TimeoutException}
     *         if it did not answer within five seconds
     */
    CompletionStage<String> greet(String name);
}
