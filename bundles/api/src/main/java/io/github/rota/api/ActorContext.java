package io.github.rota.api;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionStage;
import java.util.function.BiFunction;
import org.osgi.annotation.versioning.ProviderType;

/**
 * What an actor can do to and around itself: its own reference, its parent, its children and
 * death watch. Valid only on the actor's own turn, from the thread running it: used from anywhere
 * else (a callback, another thread) every method but {@link #self()}, {@link #parent()} and
 * {@link #system()} throws {@link IllegalStateException}. Do not keep it; to act on the result of
 * something asynchronous, {@linkplain #pipeToSelf pipe it to yourself}.
 *
 * @param <M> the actor's message type
 */
@ProviderType
public interface ActorContext<M> {

    /** {@return this actor's own reference} */
    ActorRef<M> self();

    /** {@return the parent's reference; the user guardian for top-level actors} */
    ActorRef<?> parent();

    /** {@return the actor system this actor lives in} */
    ActorSystem system();

    /**
     * Creates a child actor supervised by this actor with this actor's {@link Props#supervisorStrategy()}.
     *
     * @param props how to create and run the child
     * @param name a name unique among this actor's live children
     * @param <C> the child's message type
     * @return the child's reference
     * @throws IllegalArgumentException if the name is taken or invalid, or the props name an
     *         unknown dispatcher or mailbox type
     * @throws IllegalStateException if this actor is stopping
     */
    <C> ActorRef<C> spawn(Props<C> props, String name);

    /**
     * Looks up a child by name.
     *
     * @param name a child's name
     * @return the live child with that name, if any
     */
    Optional<ActorRef<?>> child(String name);

    /**
     * Stops a child of this actor, or this actor itself. Messages already queued are not processed
     * and become dead letters; children stop before the actor's {@link Actor#postStop}.
     *
     * @param ref this actor's own reference or one of its children
     * @throws IllegalArgumentException if {@code ref} is neither
     */
    void stop(ActorRef<?> ref);

    /**
     * Watches another actor: when it stops, {@link Actor#onTerminated} is called with a
     * {@link Terminated}. Watching an actor that has already stopped notifies at once.
     *
     * @param ref the actor to watch
     */
    void watch(ActorRef<?> ref);

    /**
     * Stops watching; no {@link Terminated} for {@code ref} is delivered after this returns.
     *
     * @param ref the actor to stop watching
     */
    void unwatch(ActorRef<?> ref);

    /**
     * Runs work that blocks this thread (I/O, a lock, waiting on a future). The dispatcher is told
     * first, so the actors queued behind this one on the same worker are handed to other workers
     * instead of waiting out the block; this actor stays in its turn until the work returns. For an
     * actor that blocks most of the time, use a {@code pinned} dispatcher instead.
     *
     * @param work the blocking work
     * @param <T> its result type
     * @return what {@code work} returns
     * @throws Exception what {@code work} throws
     */
    <T> T blocking(Callable<T> work) throws Exception;

    /**
     * Delivers the outcome of {@code stage} to this actor as a message. When the stage completes, on
     * whatever thread that happens, the outcome is queued in this actor's mailbox like any message;
     * in that message's turn {@code toMessage} turns the value or the failure into a message of this
     * actor's type, which {@link Actor#receive} then handles (with no sender). {@code toMessage} runs
     * inside the turn, so it may read and change the actor's state. This is how an actor uses an
     * {@linkplain ActorRef#ask ask}'s answer without blocking its worker and without touching its
     * state from another thread:
     * <pre>{@code
     * context.pipeToSelf(inventory.ask(new Reserve(item), Duration.ofSeconds(1)),
     *         (reserved, failure) -> failure == null ? new Reserved(item) : new ReservationFailed(item, failure));
     * }</pre>
     * If the actor has stopped by then, the outcome becomes a dead letter.
     *
     * @param stage the work whose outcome the actor waits for
     * @param toMessage turns the value (and a {@code null} failure), or the failure (unwrapped from
     *                  a {@link java.util.concurrent.CompletionException}), into a message; must
     *                  not return {@code null}; a failure it throws goes to supervision
     * @param <T> the stage's value type
     * @throws NullPointerException if an argument is null
     */
    <T> void pipeToSelf(CompletionStage<T> stage, BiFunction<? super T, ? super Throwable, ? extends M> toMessage);

    /**
     * The actor's timers: messages it sends itself later, once or periodically. They are cancelled
     * when the actor stops or restarts.
     *
     * @return this actor's timers
     * @since 2.6
     */
    TimerScheduler<M> timers();

    /**
     * Sends the actor {@code message} once it has received no message for {@code timeout}, and
     * again after each further such idle period, until {@link #cancelReceiveTimeout()} (every message
     * it receives, the timeout message too, starts the period again). Setting it again replaces
     * the timeout and the message. Like the timers, it ends when the actor stops or restarts.
     *
     * @param timeout more than zero
     * @param message what the actor receives, not null
     * @throws IllegalArgumentException if {@code timeout} is not more than zero
     * @since 2.6
     */
    void setReceiveTimeout(Duration timeout, M message);

    /**
     * Stops the receive timeout set by {@link #setReceiveTimeout}, if any.
     *
     * @since 2.6
     */
    void cancelReceiveTimeout();
}
