package io.github.rota.runtime;

import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.Schedulable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Where the actors of one dispatcher id are scheduled, whichever dispatcher serves that id right
 * now. On the module path one dispatcher is bound for the system's life; in OSGi dispatcher services
 * come, go and are replaced (a configuration change, a bundle update), and cells hold this slot, never
 * the dispatcher, so a replacement needs no change to them.
 *
 * <p>Invariants:
 * <ul>
 *   <li>nothing scheduled is lost: a schedulable is on a dispatcher's queues, or in {@code pending}
 *       while no dispatcher is bound (actors wait; their mailboxes keep filling);</li>
 *   <li>a refusal is decided here and only here, on every route (a schedule, a drain of
 *       {@code pending}, a hand-back): a dispatcher that is still bound and refuses has stopped for
 *       good, and the schedulable is {@linkplain Schedulable#refused told}; one that refuses while
 *       it is being replaced has not, and the schedulable waits for the replacement;</li>
 *   <li>unbinding a dispatcher stops it and schedules what it hands back on the newest dispatcher
 *       still bound (or parks it in {@code pending});</li>
 *   <li>a schedule that races with a bind is never stranded: the scheduler adds to {@code pending}
 *       and then reads {@code bound}, the binder writes {@code bound} and then drains
 *       {@code pending} (both volatile), so at least one of them moves it.</li>
 * </ul>
 * {@code bound} is a copy-on-write array (newest last) written under this object's monitor and read
 * once per schedule; binding is rare, scheduling is the hot path.
 */
final class DispatcherSlot {

    private static final Dispatcher[] NONE = {};

    private final String id;
    private final ConcurrentLinkedQueue<Schedulable> pending = new ConcurrentLinkedQueue<>();
    private volatile Dispatcher[] bound = NONE;
    /** Whether actors have been told to wait since the last bind: say it once, not per actor. */
    private final AtomicBoolean waitAnnounced = new AtomicBoolean();

    /** @param id the dispatcher id this slot serves */
    DispatcherSlot(String id) {
        this.id = id;
    }

    String id() {
        return id;
    }

    /** @return the dispatcher new work goes to, if one is bound */
    Optional<Dispatcher> current() {
        Dispatcher[] now = bound;
        return now.length == 0 ? Optional.empty() : Optional.of(now[now.length - 1]);
    }

    /**
     * Gives {@code schedulable} to the dispatcher bound now, or parks it until one is bound; if a
     * dispatcher refuses it for good, tells it ({@link Schedulable#refused}). Never throws.
     */
    void schedule(Schedulable schedulable) {
        Dispatcher[] now = bound;
        if (now.length > 0 && offer(now[now.length - 1], schedulable)) {
            return;
        }
        pending.add(schedulable);
        drainPending();
    }

    /**
     * @return {@code true} if {@code dispatcher} took {@code s}, or refused it for good and {@code s}
     *         was told; {@code false} if it refused because it is being replaced: {@code s} waits
     *         for the next one
     */
    private boolean offer(Dispatcher dispatcher, Schedulable s) {
        try {
            dispatcher.schedule(s);
        } catch (RuntimeException e) {
            if (e instanceof RejectedExecutionException && !isBound(dispatcher)) {
                return false;
            }
            s.refused(e);
        }
        return true;
    }

    /** @return {@code true} the first time it is called while no dispatcher is bound (since the last bind) */
    boolean announceWait() {
        return bound.length == 0 && waitAnnounced.compareAndSet(false, true);
    }

    /** Makes {@code dispatcher} the one new work goes to, and gives it the actors that were waiting. */
    void bind(Dispatcher dispatcher) {
        synchronized (this) {
            List<Dispatcher> list = new ArrayList<>(Arrays.asList(bound));
            list.remove(dispatcher);
            list.add(dispatcher);
            bound = list.toArray(NONE);
        }
        waitAnnounced.set(false);
        drainPending();
    }

    /**
     * Takes {@code dispatcher} out of service. With {@code stop}, stops it and schedules every actor
     * it had queued on the newest dispatcher still bound, or parks them until one is.
     *
     * @return how many queued actors were moved
     */
    int unbind(Dispatcher dispatcher, boolean stop) {
        synchronized (this) {
            List<Dispatcher> list = new ArrayList<>(Arrays.asList(bound));
            if (!list.remove(dispatcher)) {
                return 0;
            }
            bound = list.toArray(NONE);
        }
        if (!stop) {
            return 0;
        }
        List<Schedulable> handedBack = dispatcher.stop();
        handedBack.forEach(this::schedule);
        return handedBack.size();
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
            Dispatcher[] now = bound;
            if (now.length == 0) {
                return; // the next bind drains
            }
            Schedulable s = pending.poll();
            if (s == null) {
                return;
            }
            if (!offer(now[now.length - 1], s)) {
                pending.add(s); // replaced meanwhile: the loop tries the next one
            }
        }
    }
}
