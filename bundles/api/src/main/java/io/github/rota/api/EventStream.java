package io.github.rota.api;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The actor system's publish/subscribe channel for system events ({@link DeadLetter},
 * {@link DispatcherError}) and application events. Subscribers are actors; an event is delivered
 * to every subscriber whose subscribed class is assignable from the event's class. A subscriber
 * that stops is unsubscribed automatically.
 */
@ProviderType
public interface EventStream {

    /**
     * Delivers every event of a type published from now on to an actor.
     *
     * @param subscriber the actor that receives matching events
     * @param eventType events of this class or a subclass are delivered
     * @param <E> the event type
     */
    <E> void subscribe(ActorRef<? super E> subscriber, Class<E> eventType);

    /**
     * Removes one subscription.
     *
     * @param subscriber the subscriber
     * @param eventType the class it subscribed to
     */
    void unsubscribe(ActorRef<?> subscriber, Class<?> eventType);

    /**
     * Removes every subscription of an actor.
     *
     * @param subscriber the subscriber
     */
    void unsubscribe(ActorRef<?> subscriber);

    /**
     * Delivers an event to every matching subscriber.
     *
     * @param event the event, not null
     */
    void publish(Object event);
}
