package io.github.rota.bench.spi;

/**
 * What an actor does with one message.
 *
 * @param <M> the messages it accepts
 */
@FunctionalInterface
public interface Behavior<M> {

    /**
     * @param context the actor's context, valid during this call
     * @param message the message
     */
    void receive(Context<M> context, M message);
}
