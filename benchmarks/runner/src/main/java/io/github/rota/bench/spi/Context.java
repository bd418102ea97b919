package io.github.rota.bench.spi;

/**
 * What a behavior can do while it handles a message.
 *
 * @param <M> the messages the actor accepts
 */
public interface Context<M> {

    /** @return the actor itself */
    Ref<M> self();

    /** Sends {@code message} to the current message's sender, with this actor as the sender. */
    void reply(Object message);

    /**
     * Spawns a child of this actor.
     *
     * @param name unique among its siblings
     * @param behavior what it does
     * @param <C> its message type
     * @return the child
     */
    <C> Ref<C> spawn(String name, Behavior<C> behavior);

    /** Stops this actor once it has handled the current message (skynet's nodes end when they have reported). */
    void stop();
}
