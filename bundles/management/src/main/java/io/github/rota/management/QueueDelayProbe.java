package io.github.rota.management;

import com.codahale.metrics.Histogram;
import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.dispatch.Turn;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * Measures a dispatcher's queue delay — the time from being scheduled to the start of the turn —
 * the way Akka's starvation detector does: once a tick it schedules itself from outside and records
 * how long it waited, so the actors' hot path reads no clock.
 *
 * <p>At most one probe is queued at a time ({@code pending}); one lost with a stopped dispatcher is
 * re-armed after {@value #LOST_AFTER_SECONDS} s.
 */
final class QueueDelayProbe implements Schedulable {

    static final long LOST_AFTER_SECONDS = 10;

    private final Histogram delays;
    private volatile Dispatcher dispatcher;
    private volatile long scheduledAt;
    private volatile boolean pending;

    QueueDelayProbe(Dispatcher dispatcher, Histogram delays) {
        this.dispatcher = dispatcher;
        this.delays = delays;
    }

    void follow(Dispatcher replacement) {
        dispatcher = replacement;
    }

    /** Schedules the probe unless one is still queued. */
    void tick() {
        long now = System.nanoTime();
        if (pending && now - scheduledAt < TimeUnit.SECONDS.toNanos(LOST_AFTER_SECONDS)) {
            return;
        }
        pending = true;
        scheduledAt = now;
        try {
            dispatcher.schedule(this);
        } catch (RejectedExecutionException stopped) {
            pending = false;
        }
    }

    @Override
    public boolean runTurn(Turn turn) {
        delays.update(System.nanoTime() - scheduledAt);
        pending = false;
        return false;
    }
}
