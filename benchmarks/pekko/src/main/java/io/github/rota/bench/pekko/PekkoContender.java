package io.github.rota.bench.pekko;

import com.typesafe.config.Config;
import io.github.rota.bench.spi.Behavior;
import io.github.rota.bench.spi.Context;
import io.github.rota.bench.spi.Contender;
import io.github.rota.bench.spi.Ref;
import java.time.Duration;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.ActorRef;
import org.apache.pekko.actor.ActorSystem;
import org.apache.pekko.actor.PoisonPill;
import org.apache.pekko.actor.Props;
import org.apache.pekko.actor.UntypedAbstractActor;
import org.apache.pekko.pattern.Patterns;

/**
 * A Pekko actor system as a contender: classic actors that run a {@link Behavior}, through Pekko's
 * lowest-overhead Java API ({@code UntypedAbstractActor.onReceive}; {@code tell(message, sender)};
 * replies to {@code getSender()}), not a {@code receiveBuilder} match, which costs Pekko 10-20 % on
 * a ping-pong pair.
 */
final class PekkoContender implements Contender {

    private final String name;
    private final ActorSystem system;

    PekkoContender(String name, Config config) {
        this.name = name;
        this.system = ActorSystem.create("bench", config);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public <M> Ref<M> spawn(String actorName, Behavior<M> behavior) {
        return new PekkoRef<>(system.actorOf(props(behavior), actorName));
    }

    @Override
    public <M> CompletionStage<Object> ask(Ref<M> target, M message, Duration timeout) {
        return Patterns.ask(((PekkoRef<M>) target).ref, message, timeout);
    }

    @Override
    public void stop(Ref<?> actor) {
        ((PekkoRef<?>) actor).ref.tell(PoisonPill.getInstance(), ActorRef.noSender());
    }

    @Override
    public void close() {
        system.terminate();
        try {
            system.getWhenTerminated().toCompletableFuture().get(2, TimeUnit.MINUTES);
        } catch (Exception e) {
            throw new IllegalStateException("actor system did not terminate", e);
        }
    }

    private static <M> Props props(Behavior<M> behavior) {
        return Props.create(BehaviorActor.class, () -> new BehaviorActor<>(behavior));
    }

    /** A Pekko actor reference as a {@link Ref}. */
    private record PekkoRef<M>(ActorRef ref) implements Ref<M> {
        @Override
        public void tell(M message) {
            ref.tell(message, ActorRef.noSender());
        }

        @Override
        public void tell(M message, Ref<?> sender) {
            ref.tell(message, ((PekkoRef<?>) sender).ref);
        }
    }

    /** Runs a behavior, handing it a {@link Context} made once per actor. */
    private static final class BehaviorActor<M> extends UntypedAbstractActor {
        private final Behavior<M> behavior;
        private final Context<M> context = new BehaviorContext();

        BehaviorActor(Behavior<M> behavior) {
            this.behavior = behavior;
        }

        @Override
        @SuppressWarnings("unchecked")
        public void onReceive(Object message) {
            behavior.receive(context, (M) message);
        }

        /** Pekko's {@code self()} clashes with {@link Context#self()}, hence a separate object. */
        private final class BehaviorContext implements Context<M> {
            private final PekkoRef<M> self = new PekkoRef<>(getSelf());

            @Override
            public Ref<M> self() {
                return self;
            }

            @Override
            public void reply(Object message) {
                getSender().tell(message, getSelf());
            }

            @Override
            public <C> Ref<C> spawn(String childName, Behavior<C> child) {
                return new PekkoRef<>(getContext().actorOf(props(child), childName));
            }

            @Override
            public void stop() {
                getContext().stop(getSelf());
            }
        }
    }
}
