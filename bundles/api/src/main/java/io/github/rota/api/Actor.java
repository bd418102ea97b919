package io.github.rota.api;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * An actor: state plus behaviour, driven one message at a time.
 *
 * <p>The runtime guarantees that at most one thread runs an actor's methods at any time, and that
 * every write an actor makes to its own fields is visible on its next turn, whichever worker runs
 * it. Actor code therefore needs no locks or volatile fields for its own state.
 *
 * <p>Lifecycle: {@link #preStart} runs once before the first message of an incarnation and
 * {@link #postStop} once after the last. When {@link #receive} throws, the actor is suspended and
 * its parent's {@link SupervisorStrategy} decides; on {@link Directive#RESTART} the old instance
 * gets {@link #preRestart} and a fresh instance from {@link Props#factory()} gets {@link #postRestart}.
 *
 * @param <M> the type of user message this actor accepts
 */
@ConsumerType
@FunctionalInterface
public interface Actor<M> {

    /**
     * Handles one user message: {@link ReceiveContext#message()}. An exception thrown here goes to
     * the parent's supervisor strategy; it never reaches the dispatcher's worker thread.
     *
     * @param context the message, its sender and the actor's context, valid only during this call
     * @throws Exception any failure, handed to supervision
     */
    void receive(ReceiveContext<M> context) throws Exception;

    /**
     * Runs once per incarnation, on a worker turn, before the first message.
     *
     * @param context the actor's context
     * @throws Exception a failure, handled by supervision like a failure in {@link #receive}
     */
    default void preStart(ActorContext<M> context) throws Exception {
    }

    /**
     * Runs once per incarnation, after the actor's children have stopped and after its last
     * message. Exceptions are logged and otherwise ignored.
     *
     * @param context the actor's context; spawning is no longer possible
     * @throws Exception a failure, logged
     */
    default void postStop(ActorContext<M> context) throws Exception {
    }

    /**
     * Runs on the failed instance before it is replaced. The default calls {@link #postStop}.
     *
     * @param context the actor's context
     * @param cause the failure that led to the restart
     * @throws Exception a failure, logged
     */
    default void preRestart(ActorContext<M> context, Throwable cause) throws Exception {
        postStop(context);
    }

    /**
     * Runs on the fresh instance after a restart, before it handles a message. The default calls
     * {@link #preStart}.
     *
     * @param context the actor's context
     * @param cause the failure that led to the restart
     * @throws Exception a failure, handled by supervision
     */
    default void postRestart(ActorContext<M> context, Throwable cause) throws Exception {
        preStart(context);
    }

    /**
     * Receives the notification that an actor this one {@linkplain ActorContext#watch watches} has
     * stopped. It arrives after every message that actor sent to this one before it stopped. The
     * default ignores it.
     *
     * @param context the actor's context
     * @param terminated which actor stopped
     * @throws Exception a failure, handled by supervision
     */
    default void onTerminated(ActorContext<M> context, Terminated terminated) throws Exception {
    }
}
