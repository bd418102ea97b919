package io.github.rota.runtime;

import io.github.rota.api.Cancellable;
import io.github.rota.api.TimerScheduler;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * One actor's timers ({@link TimerScheduler}) and its receive timeout (a single timer under a key
 * of its own, started again after every message), made on its first use of them and kept by its system
 * for as long as it has any: a cell holds no field for them, so a million idle actors pay nothing.
 *
 * <p>Every start of a timer gets a new generation, and what the timer sends the actor is a
 * {@link Fired} naming its timers, key and generation; the turn delivers the message inside only if
 * that timer is still the one under the key ({@link #deliverable}). So a message of a timer that
 * was cancelled or replaced after it was sent, already in the mailbox, is dropped, as is one sent
 * to an earlier incarnation (its timers were another object).
 *
 * <p>Threads: the actor's turn only (starts, cancels, deliveries); the scheduled tasks, on the
 * scheduler thread, only send their {@link Fired}.
 *
 * @param <M> the actor's message type
 */
final class ActorTimers<M> implements TimerScheduler<M> {

    /** What a timer sends its actor: the turn unwraps it ({@link #deliverable}). */
    record Fired(ActorTimers<?> timers, Object key, long generation, Object message) {
    }

    private record Timer(long generation, boolean single, Cancellable task) {
    }

    /** The receive timeout's key among the timers: no key of the actor's can equal it. */
    private static final Object RECEIVE_TIMEOUT = new Object() {
        @Override
        public String toString() {
            return "receive timeout";
        }
    };

    private final Mailboxes actor;
    private final RotaScheduler scheduler;
    private final Map<Object, Timer> timers = new HashMap<>();
    private long generations;
    /** The receive timeout's period, or {@code null} if none is set, and its message. */
    private Duration receiveTimeout;
    private M receiveTimeoutMessage;

    ActorTimers(Mailboxes actor, RotaScheduler scheduler) {
        this.actor = actor;
        this.scheduler = scheduler;
    }

    @Override
    public void startSingleTimer(Object key, M message, Duration delay) {
        start(key, message, true, send -> scheduler.scheduleOnce(delay, send));
    }

    @Override
    public void startTimerWithFixedDelay(Object key, M message, Duration delay) {
        start(key, message, false, send -> scheduler.scheduleWithFixedDelay(delay, send));
    }

    @Override
    public void startTimerAtFixedRate(Object key, M message, Duration interval) {
        start(key, message, false, send -> scheduler.scheduleAtFixedRate(interval, interval, send));
    }

    private void start(Object key, M message, boolean single, Function<Runnable, Cancellable> schedule) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(message, "message");
        Fired fired = new Fired(this, key, generations + 1, message);
        Cancellable task = schedule.apply(() -> actor.tell(fired, null)); // throws before anything changed
        cancel(key);
        generations++;
        timers.put(key, new Timer(fired.generation(), single, task));
    }

    @Override
    public boolean isTimerActive(Object key) {
        return timers.containsKey(key);
    }

    @Override
    public void cancel(Object key) {
        Timer timer = timers.remove(key);
        if (timer != null) {
            timer.task().cancel();
        }
    }

    @Override
    public void cancelAll() {
        timers.values().forEach(timer -> timer.task().cancel());
        timers.clear();
        receiveTimeout = null;
        receiveTimeoutMessage = null;
    }

    /**
     * Sets the receive timeout: a single timer, started again after every message the actor
     * receives. The cell has checked both with {@link #checkReceiveTimeout} before making the timers.
     */
    void setReceiveTimeout(Duration timeout, M message) {
        startSingleTimer(RECEIVE_TIMEOUT, message, timeout);
        receiveTimeout = timeout;
        receiveTimeoutMessage = message;
    }

    /** Checks a receive timeout before anything is made for it: bad input changes nothing. */
    static void checkReceiveTimeout(Duration timeout, Object message) {
        Objects.requireNonNull(timeout, "timeout");
        Objects.requireNonNull(message, "message");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("receive timeout must be more than zero, was " + timeout);
        }
    }

    void cancelReceiveTimeout() {
        receiveTimeout = null;
        receiveTimeoutMessage = null;
        cancel(RECEIVE_TIMEOUT);
    }

    /** The actor received a message: its receive timeout, if set, counts from now. */
    void messageReceived() {
        if (receiveTimeout != null) {
            startSingleTimer(RECEIVE_TIMEOUT, receiveTimeoutMessage, receiveTimeout);
        }
    }

    /**
     * A timer's message reached the actor's turn.
     *
     * @return the message to hand the actor; {@code null} if its timer was cancelled or replaced
     *         since, or was another incarnation's
     */
    Object deliverable(Fired fired) {
        Timer timer = timers.get(fired.key());
        if (fired.timers() != this || timer == null || timer.generation() != fired.generation()) {
            return null;
        }
        if (timer.single()) {
            timers.remove(fired.key());
        }
        return fired.message();
    }
}
