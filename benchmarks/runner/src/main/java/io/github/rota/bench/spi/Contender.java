package io.github.rota.bench.spi;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletionStage;

/**
 * An actor runtime under benchmark, behind the few operations the workloads need. Both Rota and
 * the runtimes it is compared with implement it with no allocation per message of their own, so the
 * facade costs each the same.
 */
public interface Contender extends AutoCloseable {

    /** @return the name in tables and RESULT lines, e.g. {@code rota-ws} */
    String name();

    /**
     * @param name the actor's name, unique among its siblings
     * @param behavior what it does with each message
     * @param <M> the message type
     * @return a reference to the new actor
     */
    <M> Ref<M> spawn(String name, Behavior<M> behavior);

    /**
     * Spawns an actor that many messages flood (a collector many actors report to, the consumer of a
     * stream), with the mailbox the runtime offers for that, as a user who knows the actor's role
     * would configure it. The default spawns it as any other actor.
     *
     * @param name the actor's name, unique among its siblings
     * @param behavior what it does with each message
     * @param <M> the message type
     * @return a reference to the new actor
     */
    default <M> Ref<M> spawnFlooded(String name, Behavior<M> behavior) {
        return spawn(name, behavior);
    }

    /**
     * Asks an actor and waits for nothing: the reply completes the stage.
     *
     * @param target the actor, which replies with {@link Context#reply}
     * @param message the question
     * @param timeout when the stage fails instead
     * @param <M> the message type
     * @return the reply
     */
    <M> CompletionStage<Object> ask(Ref<M> target, M message, Duration timeout);

    /** Stops an actor (and its children). */
    void stop(Ref<?> actor);

    /**
     * The scheduler's counters that say where a message's cost goes between cores, by a short name
     * (e.g. {@code steals}, {@code unparks}, {@code global}), read now; the runner reports each one's
     * increase over a round per message handled. The default has none.
     *
     * @return the counters, by name
     */
    default Map<String, Long> schedulerCounters() {
        return Map.of();
    }

    /** Terminates the runtime and waits until its threads are gone. */
    @Override
    void close();
}
