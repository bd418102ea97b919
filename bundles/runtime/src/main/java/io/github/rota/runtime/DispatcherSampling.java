package io.github.rota.runtime;

import io.github.rota.api.DispatcherSampleListener;
import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.support.QueueDelayProbe;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The timings an actor system samples from its dispatchers for its {@link DispatcherSampleListener}s:
 * per dispatcher id, a {@link QueueDelayProbe} ticked once a second on the system's scheduler, and
 * the turn lengths the dispatcher samples itself. Nothing is sampled while no listener is added: no
 * probe runs and no dispatcher is asked for its turns.
 *
 * <p>Invariants: while listeners exist, each id's probe and turn listener are on the dispatcher
 * serving that id as of the last tick (a replacement is followed within a second); an id with no
 * dispatcher bound has no entry, so an unregistered dispatcher (in OSGi, its bundle's class loader)
 * is not kept; once the last listener is removed, or the system terminates, no dispatcher keeps a
 * turn listener from here. A failure on one id is logged and leaves the others and the next tick
 * alone (a periodic task that throws would never run again).
 *
 * <p>Threads: {@code listeners} is copy-on-write, read by the workers that report samples;
 * {@code sampled} and {@code ticking} are guarded by this object's monitor (add, remove, tick, close).
 */
final class DispatcherSampling {

    private static final Logger LOG = LoggerFactory.getLogger(DispatcherSampling.class);
    private static final long TICK_MILLIS = 1_000;

    private final Dispatchers dispatchers;
    private final ScheduledExecutorService scheduler;
    private final CopyOnWriteArrayList<DispatcherSampleListener> listeners = new CopyOnWriteArrayList<>();
    private final Map<String, Sampled> sampled = new HashMap<>();
    private ScheduledFuture<?> ticking;
    private boolean closed;

    DispatcherSampling(Dispatchers dispatchers, ScheduledExecutorService scheduler) {
        this.dispatchers = dispatchers;
        this.scheduler = scheduler;
    }

    synchronized void add(DispatcherSampleListener listener) {
        Objects.requireNonNull(listener, "listener");
        if (closed || !listeners.addIfAbsent(listener) || ticking != null) {
            return;
        }
        follow();
        ticking = scheduler.scheduleWithFixedDelay(this::tick, 0, TICK_MILLIS, TimeUnit.MILLISECONDS);
    }

    synchronized void remove(DispatcherSampleListener listener) {
        if (listeners.remove(listener) && listeners.isEmpty()) {
            stopSampling();
        }
    }

    /** The system has terminated: no more samples, no more listeners. */
    synchronized void close() {
        closed = true;
        listeners.clear();
        stopSampling();
    }

    private synchronized void tick() {
        if (ticking == null) {
            return; // stopped after this run was due
        }
        follow();
        sampled.forEach((id, s) -> guarded(id, s::probe));
    }

    /** Brings each id's sampling onto the dispatcher serving it now. */
    private void follow() {
        for (String id : dispatchers.ids()) {
            guarded(id, () -> {
                Dispatcher now = dispatchers.current(id).orElse(null);
                Sampled s = sampled.get(id);
                if (s != null && s.dispatcher != now) {
                    sampled.remove(id).stop();
                    s = null;
                }
                if (s == null && now != null) {
                    sampled.put(id, new Sampled(id, now));
                }
            });
        }
    }

    private static void guarded(String id, Runnable step) {
        try {
            step.run();
        } catch (RuntimeException e) {
            LOG.warn("could not sample dispatcher '{}' this time", id, e);
        }
    }

    private void stopSampling() {
        if (ticking != null) {
            ticking.cancel(false);
            ticking = null;
        }
        sampled.forEach((id, s) -> guarded(id, s::stop));
        sampled.clear();
    }

    // One loop per kind of sample, without a lambda: a turn sample allocates nothing on the worker.
    private void reportTimeInQueue(String id, long nanos) {
        for (DispatcherSampleListener listener : listeners) {
            try {
                listener.timeInQueue(id, nanos);
            } catch (RuntimeException | Error failure) {
                failed(listener, "time in queue of '" + id + "'", failure);
            }
        }
    }

    private void reportTurn(String id, long nanos) {
        for (DispatcherSampleListener listener : listeners) {
            try {
                listener.turn(id, nanos);
            } catch (RuntimeException | Error failure) {
                failed(listener, "a turn of '" + id + "'", failure);
            }
        }
    }

    /** An Error too (a listener whose bundle was refreshed): it must not reach the worker. */
    private void failed(DispatcherSampleListener listener, String sample, Throwable failure) {
        LOG.error("a dispatcher sample listener failed on {}; it is removed", sample, failure);
        remove(listener);
    }

    /** One id's sampling on the dispatcher serving it: a probe, and the listener of its turn samples. */
    private final class Sampled {

        private final Dispatcher dispatcher;
        private final QueueDelayProbe probe;
        private final LongConsumer turns;

        Sampled(String id, Dispatcher dispatcher) {
            this.dispatcher = dispatcher;
            this.probe = new QueueDelayProbe(dispatcher, nanos -> reportTimeInQueue(id, nanos));
            this.turns = nanos -> reportTurn(id, nanos);
            dispatcher.addTurnSampleListener(turns);
        }

        void probe() {
            probe.tick();
        }

        /** Leaves the dispatcher alone; a probe still queued there reports its delay when it runs. */
        void stop() {
            dispatcher.removeTurnSampleListener(turns);
        }
    }
}
