package io.github.rota.spi.support;

import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.dispatch.Turn;
import java.util.Objects;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongConsumer;

/**
 * Measures a dispatcher's queue delay — the time from being scheduled to the start of the turn —
 * the way Akka's starvation detector does: at each {@link #tick()} it schedules a probe from
 * outside and reports how long it waited, so the actors' hot path reads no clock. For whoever
 * watches a dispatcher: the actor system for its sample listeners, management for its histograms
 * and health.
 *
 * <p>Invariants: at most one probe is outstanding ({@code queued}); each is a fresh {@link Probe}
 * with its own timestamp, so a late one (run after its dispatcher was replaced) reports its own
 * delay and leaves the outstanding one alone. A probe that runs or is handed back clears
 * {@code queued} only if it is still the one there, by compare-and-set: a plain check-then-clear
 * could clear a newer probe armed between the two steps, and then a second one would be scheduled
 * while the first still waited. A probe handed back by a stopping dispatcher, or left on a replaced
 * one, is no longer outstanding.
 *
 * <p>Threads: {@link #tick()} and {@link #follow} come from one watcher thread at a time (a tick
 * racing a follow could leave two probes outstanding); a probe runs on a worker and
 * {@link #delayNowNanos()} is read from anywhere. The fields are volatile (or an atomic reference),
 * which orders a probe's timestamp before its run.
 */
public final class QueueDelayProbe {

    private final LongConsumer delays;
    private final AtomicReference<Probe> queued = new AtomicReference<>();
    private volatile Dispatcher dispatcher;
    private volatile long lastDelay = -1;

    /**
     * Makes a probe of {@code dispatcher}; nothing is scheduled until the first {@link #tick()}.
     *
     * @param dispatcher the dispatcher to probe
     * @param delays what receives each probe's delay, in nanoseconds, on the worker that ran it; must
     *               be quick and thread-safe
     */
    public QueueDelayProbe(Dispatcher dispatcher, LongConsumer delays) {
        this.dispatcher = Objects.requireNonNull(dispatcher, "dispatcher");
        this.delays = Objects.requireNonNull(delays, "delays");
    }

    /**
     * Probes {@code replacement} from the next tick on; a probe queued on the old one no longer
     * counts as waiting (its late run still reports its delay).
     *
     * @param replacement the dispatcher now serving the id
     */
    public void follow(Dispatcher replacement) {
        dispatcher = Objects.requireNonNull(replacement, "replacement");
        queued.set(null);
    }

    /** Schedules a probe unless one is still queued. */
    public void tick() {
        Probe probe = new Probe(System.nanoTime());
        if (!queued.compareAndSet(null, probe)) {
            return;
        }
        try {
            dispatcher.schedule(probe);
        } catch (RuntimeException refused) {
            queued.compareAndSet(probe, null); // never scheduled: not waiting, or health would see it wait forever
            if (!(refused instanceof RejectedExecutionException)) {
                throw refused; // a stopped dispatcher is expected; anything else is the watcher's to report
            }
        }
    }

    /**
     * {@return the queue delay as of now, for health: how long the queued probe has waited so far,
     * else the last probe's delay; NaN before the first probe}
     */
    public double delayNowNanos() {
        Probe waiting = queued.get();
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
            lastDelay = delay;
            queued.compareAndSet(this, null);
            delays.accept(delay);
            return false;
        }

        @Override
        public void handedBack(RuntimeException cause) {
            queued.compareAndSet(this, null);
        }

        @Override
        public String name() {
            return "queue-delay probe";
        }
    }
}
