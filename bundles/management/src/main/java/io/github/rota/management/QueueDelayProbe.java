package io.github.rota.management;

import com.codahale.metrics.Histogram;
import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.dispatch.Turn;
import java.util.concurrent.RejectedExecutionException;

/**
 * Measures a dispatcher's queue delay — the time from being scheduled to the start of the turn —
 * the way Akka's starvation detector does: once a tick it schedules a probe from outside and records
 * how long it waited, so the actors' hot path reads no clock.
 *
 * <p>At most one probe is outstanding ({@code queued}); each is a fresh {@link Probe} with its own
 * timestamp, so a late one (run after its dispatcher was replaced) records its own delay and leaves
 * the outstanding one alone. A probe handed back by a stopping dispatcher, or left on a replaced one,
 * is no longer outstanding. Fields are volatile: the management thread arms and reads, a worker runs.
 */
final class QueueDelayProbe {

    private final Histogram delays;
    private volatile Dispatcher dispatcher;
    private volatile Probe queued;
    private volatile long lastDelay = -1;

    QueueDelayProbe(Dispatcher dispatcher, Histogram delays) {
        this.dispatcher = dispatcher;
        this.delays = delays;
    }

    /** Probes {@code replacement} from the next tick on; a probe queued on the old one no longer counts as waiting. */
    void follow(Dispatcher replacement) {
        dispatcher = replacement;
        queued = null;
    }

    /** Schedules a probe unless one is still queued. */
    void tick() {
        if (queued != null) {
            return;
        }
        Probe probe = new Probe(System.nanoTime());
        queued = probe;
        try {
            dispatcher.schedule(probe);
        } catch (RejectedExecutionException stopped) {
            queued = null;
        }
    }

    /**
     * {@return the queue delay as of now, for health: how long the queued probe has waited so far,
     * else the last probe's delay; NaN before the first probe}
     */
    double delayNowNanos() {
        Probe waiting = queued;
        if (waiting != null) {
            return System.nanoTime() - waiting.scheduledAt;
        }
        long last = lastDelay;
        return last < 0 ? Double.NaN : last;
    }

    /** One probe: scheduled once, at {@code scheduledAt}. */
    private final class Probe implements Schedulable {

        private final long scheduledAt;

        Probe(long scheduledAt) {
            this.scheduledAt = scheduledAt;
        }

        @Override
        public boolean runTurn(Turn turn) {
            long delay = System.nanoTime() - scheduledAt;
            delays.update(delay);
            lastDelay = delay;
            if (queued == this) {
                queued = null;
            }
            return false;
        }

        @Override
        public void handedBack(RuntimeException cause) {
            if (queued == this) {
                queued = null;
            }
        }

        @Override
        public String name() {
            return "queue-delay probe";
        }
    }
}
