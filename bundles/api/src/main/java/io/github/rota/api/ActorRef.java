package io.github.rota.api;

import java.time.Duration;
import java.util.concurrent.CompletionStage;
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
}
