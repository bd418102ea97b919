package io.github.rota.bench;

import io.github.rota.api.Actor;
import io.github.rota.api.ActorContext;
import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.DispatcherCounter;
import io.github.rota.api.Props;
import io.github.rota.api.ReceiveContext;
import io.github.rota.api.Settings;
import io.github.rota.bench.spi.Behavior;
import io.github.rota.bench.spi.Context;
import io.github.rota.bench.spi.Contender;
import io.github.rota.bench.spi.Ref;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/** Rota on one dispatcher kind, as a contender. */
final class RotaContender implements Contender {

    /** The mailbox type {@link #spawnFlooded} gives an actor. */
    static final String FLOODED_MAILBOX = "unbounded-array";

    private final String name;
    private final ActorSystem system;

    /**
     * @param name the contender's name
     * @param kind the default dispatcher's kind
     * @param throughput the budget, or 0 for the default
     * @param pooled whether envelopes are recycled through the envelope pool
     * @param extra further settings
     * @param setUp what is done to the system before the workload, such as adding a listener
     */
    RotaContender(String name, String kind, int throughput, boolean pooled, Settings extra, Consumer<ActorSystem> setUp) {
        this.name = name;
        Settings settings = extra.with("rota.dispatcher.default.kind", kind)
                .with(Settings.POOL_ENABLED, pooled);
        if (throughput > 0) {
            settings = settings.with("rota.dispatcher.default.throughput", throughput);
        }
        this.system = ActorSystem.create("bench", settings);
        setUp.accept(system);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public <M> Ref<M> spawn(String actorName, Behavior<M> behavior) {
        return new RotaRef<>(system.spawn(Props.create(() -> new BehaviorActor<>(behavior)), actorName));
    }

    /** On the {@code unbounded-array} mailbox, Rota's mailbox for an actor that messages flood. */
    @Override
    public <M> Ref<M> spawnFlooded(String actorName, Behavior<M> behavior) {
        return new RotaRef<>(system.spawn(Props.create(() -> new BehaviorActor<>(behavior)).withMailbox(FLOODED_MAILBOX),
                actorName));
    }

    @Override
    @SuppressWarnings("unchecked")
    public <M> CompletionStage<Object> ask(Ref<M> target, M message, Duration timeout) {
        return ((RotaRef<M>) target).ref.ask(message, timeout);
    }

    @Override
    public void stop(Ref<?> actor) {
        system.stop(((RotaRef<?>) actor).ref);
    }

    /**
     * The default dispatcher's counters of what crosses between workers, each a cache line that
     * changes core: {@code steals} (steal operations), {@code next_slot_steals} (of those, a
     * sibling's next-actor slot), {@code actors_stolen} (actors those steals moved to another worker: each
     * takes its cell and mailbox lines along), {@code probes} (siblings a searching worker looked into), {@code naps} (times it slept instead,
     * seeing only rings their owners were draining),
     * {@code releases} (lingering actors let go), {@code global} and {@code global_polls} (the shared
     * queue's pushes and takes), {@code unparks} (workers woken by a producer), {@code parks}; and
     * {@code turns} for scale.
     */
    @Override
    public Map<String, Long> schedulerCounters() {
        Map<String, Long> counters = new LinkedHashMap<>();
        system.dispatcher("default").ifPresent(dispatcher -> {
            counters.put("turns", dispatcher.counter(DispatcherCounter.TURNS));
            counters.put("steals", dispatcher.counter(DispatcherCounter.STEAL_OPERATIONS));
            counters.put("next_slot_steals", dispatcher.counter(DispatcherCounter.NEXT_SLOT_STEALS));
            counters.put("actors_stolen", dispatcher.counter(DispatcherCounter.ACTORS_STOLEN));
            counters.put("probes", dispatcher.counter(DispatcherCounter.SIBLING_PROBES));
            counters.put("naps", dispatcher.counter(DispatcherCounter.SEARCH_NAPS));
            counters.put("releases", dispatcher.counter(DispatcherCounter.LINGER_RELEASES));
            counters.put("global", dispatcher.counter(DispatcherCounter.GLOBAL_PUSHES));
            counters.put("global_polls", dispatcher.counter(DispatcherCounter.GLOBAL_POLLS));
            counters.put("unparks", dispatcher.counter(DispatcherCounter.UNPARKS));
            counters.put("parks", dispatcher.counter(DispatcherCounter.PARKS));
        });
        return counters;
    }

    @Override
    public void close() {
        try {
            system.terminate().toCompletableFuture().get(2, TimeUnit.MINUTES);
        } catch (Exception e) {
            throw new IllegalStateException("actor system did not terminate", e);
        }
    }

    /** A Rota actor reference as a {@link Ref}. */
    private record RotaRef<M>(ActorRef<M> ref) implements Ref<M> {
        @Override
        public void tell(M message) {
            ref.tell(message);
        }

        @Override
        public void tell(M message, Ref<?> sender) {
            ref.tell(message, ((RotaRef<?>) sender).ref);
        }
    }

    /** Runs a behavior; it is its own {@link Context}, valid during a turn. */
    private static final class BehaviorActor<M> implements Actor<M>, Context<M> {
        private final Behavior<M> behavior;
        private ReceiveContext<M> current;
        private RotaRef<M> self;

        BehaviorActor(Behavior<M> behavior) {
            this.behavior = behavior;
        }

        @Override
        public void preStart(ActorContext<M> context) {
            self = new RotaRef<>(context.self());
        }

        @Override
        public void receive(ReceiveContext<M> context) {
            if (current != context) {
                current = context; // written once: a store per message would dirty this line for nothing
            }
            behavior.receive(this, context.message());
        }

        @Override
        public Ref<M> self() {
            return self;
        }

        @Override
        public void reply(Object message) {
            current.reply(message);
        }

        @Override
        public <C> Ref<C> spawn(String childName, Behavior<C> child) {
            return new RotaRef<>(current.spawn(Props.create(() -> new BehaviorActor<>(child)), childName));
        }

        @Override
        public void stop() {
            current.stop(self.ref());
        }
    }
}
