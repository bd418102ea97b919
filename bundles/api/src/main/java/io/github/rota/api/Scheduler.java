package io.github.rota.api;

import java.time.Duration;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The actor system's scheduler: runs short tasks, or sends messages, after a delay. Tasks run on
 * the system's one scheduler thread, so they must be short and never block: to act on an actor's
 * state, send it a message ({@link #scheduleOnce(Duration, ActorRef, Object)}). An actor that sends
 * itself messages on a timer is better served by its own {@linkplain ActorContext#timers() timers},
 * which its stop and restart cancel.
 *
 * <p>What is still scheduled when the system terminates never runs. A task that throws is logged;
 * a periodic one then stops.
 *
 * @since 2.6
 */
@ProviderType
public interface Scheduler {

    /**
     * Runs {@code task} once, after {@code delay}.
     *
     * @param delay zero or more
     * @param task what to run, on the scheduler's thread
     * @return a handle to call it off
     * @throws IllegalArgumentException if {@code delay} is negative
     * @throws IllegalStateException if the system has terminated
     */
    Cancellable scheduleOnce(Duration delay, Runnable task);

    /**
     * Runs {@code task} after {@code initialDelay}, then every {@code interval} (measured from one
     * start to the next, as {@link java.util.concurrent.ScheduledExecutorService#scheduleAtFixedRate}).
     *
     * @param initialDelay zero or more
     * @param interval more than zero
     * @param task what to run, on the scheduler's thread
     * @return a handle to call it off
     * @throws IllegalArgumentException if a duration is out of range
     * @throws IllegalStateException if the system has terminated
     */
    Cancellable scheduleAtFixedRate(Duration initialDelay, Duration interval, Runnable task);

    /**
     * Sends {@code message} to {@code target} once, after {@code delay}, without a sender.
     *
     * @param delay zero or more
     * @param target the recipient
     * @param message the message, not null
     * @param <M> the recipient's message type
     * @return a handle to call it off
     * @throws IllegalArgumentException if {@code delay} is negative
     * @throws IllegalStateException if the system has terminated
     */
    <M> Cancellable scheduleOnce(Duration delay, ActorRef<M> target, M message);
}
