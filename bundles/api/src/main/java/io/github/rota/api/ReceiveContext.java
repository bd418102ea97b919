package io.github.rota.api;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The context of one {@link Actor#receive} call: the message, its sender and the actor's context.
 * Valid only during that call.
 *
 * @param <M> the actor's message type
 */
@ProviderType
public interface ReceiveContext<M> extends ActorContext<M> {

    /** {@return the message being handled} */
    M message();

    /**
     * Tells who sent the message being handled.
     *
     * @return the sender of the message, or {@code null} when it was sent without one
     *         ({@link ActorRef#tell(Object)} from outside an actor)
     */
    ActorRef<?> sender();

    /**
     * Sends a reply to {@link #sender()}, with this actor as the reply's sender. This is how an
     * actor answers an {@link ActorRef#ask}. With no sender, the reply becomes a dead letter.
     *
     * @param reply the reply, not null
     * @throws NullPointerException if {@code reply} is null
     */
    void reply(Object reply);

    /**
     * Puts the current message aside; it is handled again after {@link #unstashAll()}, ahead of
     * messages still in the mailbox and in its original order. Stashed messages become dead letters
     * if the actor stops.
     */
    void stash();

    /** Brings back every stashed message, oldest first, ahead of the mailbox. */
    void unstashAll();
}
