package io.github.rota.example.greeter.internal;

import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.Props;
import io.github.rota.example.greeter.Greetings;
import java.time.Duration;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/**
 * The bundle's one component: once the container's actor system is there, it spawns the greeter
 * actor on it and registers {@link Greetings}; when the system goes (the runtime bundle stops, or
 * the system is renamed), Declarative Services deactivates it, and it stops the actor.
 */
@Component
public final class GreeterComponent implements Greetings {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);
    private static final AtomicInteger ACTIVATIONS = new AtomicInteger();

    private final ActorSystem system;
    private final ActorRef<Greeter.Greet> greeter;

    @Activate
    public GreeterComponent(@Reference ActorSystem system) {
        this.system = system;
        // A name of its own per activation: a stopped actor's name is free again only once it has
        // stopped, which right after a bundle update or restart it may not have yet.
        this.greeter = system.spawn(Props.create(Greeter::new), "greeter-" + ACTIVATIONS.incrementAndGet());
    }

    @Override
    public CompletionStage<String> greet(String name) {
        return greeter.askFor(replyTo -> new Greeter.Greet(name, replyTo), TIMEOUT);
    }

    @Deactivate
    void deactivate() {
        system.stop(greeter);
    }
}
