package io.github.rota.runtime;

import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.ExpeditingDispatcher;
import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.jfr.FlightEvents;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;

/**
 * Where the actors of one dispatcher id are scheduled, whichever dispatcher serves that id right
 * now. On the module path one dispatcher is bound for the system's life; in OSGi dispatcher
 * services come, go and are replaced (a configuration change, a bundle update), and cells hold this
 * binding, never the dispatcher, so a replacement needs no change to them.
 *
 * <p>Invariants:
 * <ul>
 *   <li>nothing scheduled is lost: a schedulable is on a dispatcher's queues, or in {@code pending}
 *       while no dispatcher is bound (actors wait; their mailboxes keep filling);</li>
 *   <li>a refusal is decided here and only here, for a schedule and for a drain of
 *       {@code pending}: a dispatcher that is still bound and refuses has stopped for good, and the
 *       schedulable goes to {@code refusedForGood}; one that refuses while it is being replaced has
 *       not, and the schedulable waits for the replacement;</li>
 *   <li>unbinding a dispatcher only takes it out of service: new work goes to the newest one still
 *       bound (or waits in {@code pending}); it keeps running what it has queued until its owner
 *       stops it;</li>
 *   <li>a schedule that races with a bind is never stranded: the scheduler adds to {@code pending}
 *       and then reads {@code bound}, the binder writes {@code bound} and then drains
 *       {@code pending} (both volatile), so at least one of them moves it.</li>
 * </ul>
 * {@code bound} is a copy-on-write array (newest last) written under this object's monitor and read
 * once per schedule; binding is rare, scheduling is the hot path.
 */
final class DispatcherBinding<S extends Schedulable> {

    private static final Dispatcher[] NONE = {};

    private final String id;
    private final BiConsumer<? super S, RuntimeException> refusedForGood;
    private final ConcurrentLinkedQueue<S> pending = new ConcurrentLinkedQueue<>();
    private volatile Dispatcher[] bound = NONE;
    /**
     * The dispatcher bound last, even if unbound since, and its kind: what a bind replaces. Weak, so
     * a stopped dispatcher (in OSGi, its bundle's class loader) is not kept for the report. Guarded
     * by this object's monitor.
     */
    private WeakReference<Dispatcher> lastBound = new WeakReference<>(null);
    private String lastBoundKind;
    /** Whether actors have been told to wait since the last bind: say it once, not per actor. */
    private final AtomicBoolean waitAnnounced = new AtomicBoolean();

    /**
     * @param id the dispatcher id this binding serves
     * @param refusedForGood what becomes of a schedulable a bound dispatcher refuses: it has stopped
     *                       for good (an actor stops in place)
     */
    DispatcherBinding(String id, BiConsumer<? super S, RuntimeException> refusedForGood) {
        this.id = id;
        this.refusedForGood = refusedForGood;
    }

    String id() {
        return id;
    }

    /** @return the dispatcher new work goes to, if one is bound */
    Optional<Dispatcher> current() {
        return Optional.ofNullable(newest());
    }

    /** @return the dispatcher bound last (new work goes there), or {@code null} if none is bound */
    private Dispatcher newest() {
        Dispatcher[] now = bound;
        return now.length == 0 ? null : now[now.length - 1];
    }

    /**
     * Gives {@code schedulable} to the dispatcher bound now, or parks it until one is bound; if a
     * dispatcher refuses it for good, hands it to {@code refusedForGood}. Never throws.
     */
    void schedule(S schedulable) {
        Dispatcher now = newest();
        if (now != null && offer(now, schedulable)) {
            return;
        }
        pending.add(schedulable);
        drainPending();
    }

    /** Passes the hint on to the dispatcher bound now, if it takes it ({@link ExpeditingDispatcher}); none bound: nothing to hurry. */
    void expedite(S schedulable) {
        if (newest() instanceof ExpeditingDispatcher expediting) {
            expediting.expedite(schedulable);
        }
    }

    /**
     * @return {@code true} if {@code dispatcher} took {@code s}, or refused it for good and {@code s}
     *         was told; {@code false} if it refused because it is being replaced: {@code s} waits
     *         for the next one
     */
    private boolean offer(Dispatcher dispatcher, S s) {
        try {
            dispatcher.schedule(s);
        } catch (RuntimeException e) {
            if (e instanceof RejectedExecutionException && !isBound(dispatcher)) {
                return false;
            }
            refusedForGood.accept(s, e);
        }
        return true;
    }

    /** @return {@code true} the first time it is called while no dispatcher is bound (since the last bind) */
    boolean announceWait() {
        return bound.length == 0 && waitAnnounced.compareAndSet(false, true);
    }

    /** Makes {@code dispatcher} the one new work goes to, and gives it the actors that were waiting. */
    void bind(Dispatcher dispatcher) {
        String replacedKind;
        synchronized (this) {
            List<Dispatcher> list = new ArrayList<>(Arrays.asList(bound));
            list.remove(dispatcher);
            list.add(dispatcher);
            bound = list.toArray(NONE);
            replacedKind = lastBound.get() == dispatcher ? null : lastBoundKind;
            lastBound = new WeakReference<>(dispatcher);
            lastBoundKind = dispatcher.kind();
        }
        waitAnnounced.set(false);
        int waiting = pending.size();
        drainPending();
        if (replacedKind != null) {
            FlightEvents.dispatcherReplaced(id, replacedKind, dispatcher.kind(), waiting);
        }
    }

    /**
     * Takes {@code dispatcher} out of service: new work goes to the newest dispatcher still bound, or
     * waits until one is. What it has queued stays there until its owner stops it and hands it back.
     *
     * @return whether it was bound here
     */
    synchronized boolean unbind(Dispatcher dispatcher) {
        List<Dispatcher> list = new ArrayList<>(Arrays.asList(bound));
        if (!list.remove(dispatcher)) {
            return false;
        }
        bound = list.toArray(NONE);
        return true;
    }

    /** @return actors waiting for a dispatcher to be bound */
    int waiting() {
        return pending.size();
    }

    private boolean isBound(Dispatcher dispatcher) {
        for (Dispatcher d : bound) {
            if (d == dispatcher) {
                return true;
            }
        }
        return false;
    }

    private void drainPending() {
        while (!pending.isEmpty()) {
            Dispatcher now = newest();
            if (now == null) {
                return; // the next bind drains
            }
            S s = pending.poll();
            if (s == null) {
                return;
            }
            if (!offer(now, s)) {
                pending.add(s); // replaced meanwhile: the loop tries the next one
            }
        }
    }
}
