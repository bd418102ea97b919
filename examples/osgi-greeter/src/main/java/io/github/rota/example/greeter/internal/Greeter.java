package io.github.rota.example.greeter.internal;

import io.github.rota.api.Actor;
import io.github.rota.api.ActorRef;
import io.github.rota.api.ReceiveContext;
import java.util.Objects;

/** Greets whoever asks, and counts: its count needs no lock, as it handles one message at a time. */
final class Greeter implements Actor<Greeter.Greet> {

    /** A request for a greeting, answered to {@code replyTo}. */
    record Greet(String name, ActorRef<String> replyTo) {
        Greet {
            Objects.requireNonNull(name, "name");
        }
    }

    private int greeted;

    @Override
    public void receive(ReceiveContext<Greet> context) {
        Greet greet = context.message();
        greeted++;
        greet.replyTo().tell("Hello, " + greet.name() + "! (greeting " + greeted + " from " + context.self().path() + ")");
    }
}
