package io.github.rota.api;

import java.time.Duration;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import org.osgi.annotation.versioning.ProviderType;

/**
 * An immutable, thread-safe handle to an actor. References have value equality: two references
 * are equal when they point to the same incarnation of the same actor (same path, same start);
 * a new actor spawned later under the same name is a different reference.
 *
 * <p>Messages sent through one reference by one sender arrive in the order they were sent.
 * A message to an actor that has stopped becomes a {@link DeadLetter}; it is never dropped
 * silently.
 *
 * @param <M> the type of message the actor accepts
 */
@ProviderType
public interface ActorRef<M> {

    /**
     * What every actor path starts with, before the system's name: {@value}.
     *
     * @since 2.3
     */
    String PATH_SCHEME = "rota://";

    /** {@return the actor's name, unique among its siblings} */
    String name();

    /** {@return the actor's path, e.g. {@code rota://my-system/user/parent/child}} */
    String path();

    /**
     * Sends a message without a sender.
     *
     * @param message the message, not null
     * @throws NullPointerException if {@code message} is null; nothing is sent
     */
    void tell(M message);

    /**
     * Sends a message with a sender the recipient can {@linkplain ReceiveContext#reply reply} to.
     *
     * @param message the message, not null
     * @param sender the sender, or {@code null} for none
     * @throws NullPointerException if {@code message} is null; nothing is sent
     */
    void tell(M message, ActorRef<?> sender);

    /**
     * Sends a message and returns the first reply. The stage completes exceptionally with a
     * {@link java.util.concurrent.TimeoutException} if no reply arrives within {@code timeout}
     * (timeouts are checked on a 10 ms tick, so one may fire up to that much late); a later reply
     * becomes a dead letter. If the system terminates first, the stage fails with an
     * {@link IllegalStateException}. No temporary actor outlives the ask.
     *
     * <p>The stage is never completed on the replying actor's worker, so callbacks attached to it
     * never run inside some actor's turn: a thread waiting for it in {@code get} or {@code join}
     * completes it itself, and runs there what it attached; with nobody waiting, a thread of the
     * JDK's common {@link java.util.concurrent.ForkJoinPool} does. An actor that asks must not block on the stage or touch its state from a
     * callback: it receives the answer as a message with {@link ActorContext#pipeToSelf}.
     *
     * @param message the message, not null
     * @param timeout how long to wait for the reply, positive
     * @param <R> the reply type expected (unchecked)
     * @return a stage completed with the reply
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if {@code timeout} is not positive
     */
    <R> CompletionStage<R> ask(M message, Duration timeout);

    /**
     * Sends a request that carries the reference its reply must go to, and returns that reply: the
     * typed form of {@link #ask(Object, Duration)}, as in Akka Typed (a name of its own: as an overload
     * of {@code ask}, a lambda would be ambiguous where {@code M} is a type variable). The request
     * names the reply's type in its {@code replyTo} field, so the compiler checks both ends:
     *
     * <pre>{@code
     * record GetTotal(ActorRef<Integer> replyTo) implements Command {}
     * // in the actor: getTotal.replyTo().tell(total);
     * CompletionStage<Integer> total = counter.askFor(GetTotal::new, Duration.ofSeconds(5));
     * }</pre>
     *
     * <p>{@code request} is called once, on the calling thread, with a reference that only takes the
     * reply; the request is then sent with that reference as its sender too. Timeouts, termination,
     * late replies and the thread the stage completes on are as for {@link #ask(Object, Duration)}.
     *
     * @param request builds the request from the reference to reply to; it must not return null
     * @param timeout how long to wait for the reply, positive
     * @param <R> the reply type, checked where the request names it
     * @return a stage completed with the reply
     * @throws NullPointerException if an argument is null, or {@code request} returns null; nothing is sent
     * @throws IllegalArgumentException if {@code timeout} is not positive; nothing is sent
     * @since 2.7
     */
    <R> CompletionStage<R> askFor(Function<? super ActorRef<R>, ? extends M> request, Duration timeout);
}
