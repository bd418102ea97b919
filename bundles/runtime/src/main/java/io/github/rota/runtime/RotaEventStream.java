package io.github.rota.runtime;

import io.github.rota.api.ActorRef;
import io.github.rota.api.EventStream;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The event stream: a copy-on-write list of (subscriber, class) pairs. Publishing reads the list
 * without locking; subscribing is rare.
 */
final class RotaEventStream implements EventStream {

    private record Subscription(ActorRef<Object> subscriber, Class<?> eventType) {
    }

    private final CopyOnWriteArrayList<Subscription> subscriptions = new CopyOnWriteArrayList<>();

    @Override
    @SuppressWarnings("unchecked")
    public <E> void subscribe(ActorRef<? super E> subscriber, Class<E> eventType) {
        Objects.requireNonNull(subscriber, "subscriber");
        Objects.requireNonNull(eventType, "eventType");
        subscriptions.addIfAbsent(new Subscription((ActorRef<Object>) subscriber, eventType));
    }

    @Override
    public void unsubscribe(ActorRef<?> subscriber, Class<?> eventType) {
        subscriptions.removeIf(s -> s.subscriber().equals(subscriber) && s.eventType().equals(eventType));
    }

    @Override
    public void unsubscribe(ActorRef<?> subscriber) {
        subscriptions.removeIf(s -> s.subscriber().equals(subscriber));
    }

    @Override
    public void publish(Object event) {
        Objects.requireNonNull(event, "event");
        for (Subscription s : subscriptions) {
            if (s.eventType().isInstance(event)) {
                s.subscriber().tell(event);
            }
        }
    }
}
