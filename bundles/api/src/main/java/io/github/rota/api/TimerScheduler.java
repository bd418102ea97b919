package io.github.rota.api;

import java.time.Duration;
import org.osgi.annotation.versioning.ProviderType;

/**
 * An actor's timers ({@link ActorContext#timers()}): messages it sends itself later, once or
 * periodically, each under a key. Starting a timer under a key in use replaces that timer; a
 * message of a cancelled or replaced timer that is already on its way is not delivered; a single
 * timer is no longer active once its message is. The actor's stop and its restart cancel every
 * timer, so none fires into a stopped actor or a new incarnation.
 *
 * <p>Like the rest of the context, usable only during the actor's own turn.
 *
 * @param <M> the actor's message type
 * @since 2.6
 */
@ProviderType
public interface TimerScheduler<M> {

    /**
     * Sends {@code message} to the actor once, after {@code delay}.
     *
     * @param key the timer's key (compared with {@code equals})
     * @param message the message, not null
     * @param delay zero or more
     */
    void startSingleTimer(Object key, M message, Duration delay);

    /**
     * Sends {@code message} to the actor every {@code delay}, the first time after {@code delay},
     * each after the previous one was sent.
     *
     * @param key the timer's key
     * @param message the message, not null
     * @param delay more than zero
     */
    void startTimerWithFixedDelay(Object key, M message, Duration delay);

    /**
     * Sends {@code message} to the actor every {@code interval}, the first time after
     * {@code interval}, on a fixed rate (a late send is followed by the next on schedule).
     *
     * @param key the timer's key
     * @param message the message, not null
     * @param interval more than zero
     */
    void startTimerAtFixedRate(Object key, M message, Duration interval);

    /**
     * Tells whether the timer under {@code key} is still to send a message.
     *
     * @param key the timer's key
     * @return {@code true} while it is running: a periodic timer until cancelled, a single one until
     *         its message was delivered
     */
    boolean isTimerActive(Object key);

    /**
     * Cancels the timer under {@code key}, if any; its message is not delivered even if already sent.
     *
     * @param key the timer's key
     */
    void cancel(Object key);

    /** Cancels every timer of the actor. */
    void cancelAll();
}
