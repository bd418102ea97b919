package io.github.rota.runtime;

import io.github.rota.api.ActorRef;
import io.github.rota.api.Cancellable;
import io.github.rota.api.Scheduler;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The system's {@link Scheduler}, over its one scheduler thread (which also expires asks and samples
 * the dispatchers). A task that throws is logged, since the executor would keep the failure in a
 * future nobody reads; a periodic one then stops, as the executor's do.
 *
 * <p>Threads: any.
 */
final class RotaScheduler implements Scheduler {

    private static final Logger LOG = LoggerFactory.getLogger(RotaScheduler.class);

    private final String systemName;
    private final ScheduledExecutorService executor;

    RotaScheduler(String systemName, ScheduledExecutorService executor) {
        this.systemName = systemName;
        this.executor = executor;
    }

    @Override
    public Cancellable scheduleOnce(Duration delay, Runnable task) {
        long nanos = nanos(delay, "delay", 0);
        Runnable logged = logged(Objects.requireNonNull(task, "task"));
        return handle(() -> executor.schedule(logged, nanos, TimeUnit.NANOSECONDS));
    }

    @Override
    public Cancellable scheduleAtFixedRate(Duration initialDelay, Duration interval, Runnable task) {
        long first = nanos(initialDelay, "initialDelay", 0);
        long every = nanos(interval, "interval", 1);
        Runnable logged = logged(Objects.requireNonNull(task, "task"));
        return handle(() -> executor.scheduleAtFixedRate(logged, first, every, TimeUnit.NANOSECONDS));
    }

    /** Like {@link #scheduleAtFixedRate}, but each delay counted from the end of the previous run. */
    Cancellable scheduleWithFixedDelay(Duration delay, Runnable task) {
        long every = nanos(delay, "delay", 1);
        Runnable logged = logged(Objects.requireNonNull(task, "task"));
        return handle(() -> executor.scheduleWithFixedDelay(logged, every, every, TimeUnit.NANOSECONDS));
    }

    @Override
    public <M> Cancellable scheduleOnce(Duration delay, ActorRef<M> target, M message) {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(message, "message");
        return scheduleOnce(delay, () -> target.tell(message));
    }

    private Runnable logged(Runnable task) {
        return () -> {
            try {
                task.run();
            } catch (RuntimeException | Error failure) {
                LOG.error("a task scheduled on actor system '{}' failed", systemName, failure);
                throw failure; // a periodic task stops here, as the executor's do
            }
        };
    }

    private interface Submission {
        ScheduledFuture<?> submit();
    }

    private Cancellable handle(Submission submission) {
        ScheduledFuture<?> future;
        try {
            future = submission.submit();
        } catch (RejectedExecutionException e) {
            throw new IllegalStateException("actor system '" + systemName + "' has terminated: nothing more can be scheduled", e);
        }
        return new Cancellable() {
            @Override
            public boolean cancel() {
                return future.cancel(false);
            }

            @Override
            public boolean isCancelled() {
                return future.isCancelled();
            }
        };
    }

    private static long nanos(Duration duration, String name, long min) {
        Objects.requireNonNull(duration, name);
        if (duration.isNegative() || (min > 0 && duration.isZero())) {
            throw new IllegalArgumentException(name + " must be " + (min > 0 ? "more than zero" : "zero or more") + ", was " + duration);
        }
        try {
            return duration.toNanos();
        } catch (ArithmeticException tooLong) {
            return Long.MAX_VALUE;
        }
    }
}
