package io.github.rota.dispatcher.workstealing;

import io.github.rota.api.DispatcherError;
import io.github.rota.spi.dispatch.LingeringSchedulable;
import io.github.rota.spi.dispatch.Schedulable;
import java.lang.invoke.VarHandle;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What every worker of one pool shares (Tokio's {@code Shared}): the {@link GlobalQueue}, the
 * {@link Idle} set, and each worker's {@link Remote}. Here are the moves any thread makes: a push
 * from outside the pool, a rescue to the global queue, the wake-up that must follow a push, and
 * letting a lingering actor go on someone else's behalf. What a worker does with its own queues is
 * its {@link Core}'s.
 *
 * <p>No lost wake-up (Dekker): a parking worker sets its park state, counts itself parked (an
 * atomic add: a full fence), then re-scans the queues ({@link Core#prepareToPark}); a producer
 * pushes, issues a full fence (in {@link #notifyOne}: a local push is only a release store), then
 * reads the idle set and the park states. Either the worker's re-scan sees the work or the producer
 * sees the worker asleep (jcstress {@code ParkDecisionVersusScheduleTest}, {@code LocalPushVersusParkTest}).
 *
 * <p>Threads: any. The fields are final; what they hold guards itself.
 */
final class Shared {

    private static final Logger LOG = LoggerFactory.getLogger(Shared.class);

    final GlobalQueue global = new GlobalQueue();
    final Idle idle;
    private final String dispatcherId;
    private final Remote[] remotes;
    /** Where a failed release is published, as a {@link DispatcherError}. */
    private final Consumer<Object> events;
    /** Actors pushed to the global queue from outside the pool, or rescued to it. */
    private final LongAdder outsidePushes = new LongAdder();

    Shared(String dispatcherId, Remote[] remotes, Consumer<Object> events) {
        this.dispatcherId = dispatcherId;
        this.remotes = remotes.clone();
        this.events = events;
        this.idle = new Idle(dispatcherId, this.remotes);
    }

    /** {@return the dispatcher these workers are, as its events name it} */
    String dispatcherId() {
        return dispatcherId;
    }

    int workerCount() {
        return remotes.length;
    }

    Remote remote(int index) {
        return remotes[index];
    }

    /** A producer outside the pool. @return {@code false} if the queues are closed; nothing was added */
    boolean scheduleFromOutside(Schedulable s) {
        if (!global.offerFromOutside(s)) {
            return false;
        }
        outsidePushes.increment();
        notifyUrgent();
        return true;
    }

    /**
     * An actor rescued from the next slot of a worker stuck in a turn, or one whose turn yielded on
     * a thread that no longer runs a worker: to the global queue, and wake a worker.
     */
    void requeue(Schedulable s) {
        global.offer(s);
        outsidePushes.increment();
        notifyUrgent();
    }

    /** Behind a long turn (the starvation probe): lets the worker's lingering actors go; those with work go to the global queue. */
    void rescueLingering(Remote stuck) {
        for (int slot = 0; slot < Remote.LINGER_SLOTS; slot++) {
            LingeringSchedulable s = stuck.takeLingering(slot);
            if (s != null && letGo(s)) {
                requeue(s);
            }
        }
    }

    /**
     * Lets a lingering actor go ({@link LingeringSchedulable#releaseLingering}), as the end of its turn, and
     * as guarded: a fault is the schedulable's bug, reported, and leaves it to the state it left.
     *
     * @return whether it has work again and must be queued
     */
    boolean letGo(LingeringSchedulable s) {
        try {
            return s.releaseLingering();
        } catch (Throwable fault) {
            LOG.error("dispatcher '{}': letting go of lingering {} failed", dispatcherId, s, fault);
            events.accept(new DispatcherError(dispatcherId, fault, null));
            return false;
        }
    }

    /**
     * Work a woken worker could take, now or once it is stale: the global queue (a
     * claimed-but-unpublished slot counts) or a ring. Next slots do not count: their owners run them,
     * and filling one wakes nobody.
     */
    boolean hasWorkToSteal() {
        return !global.isEmpty() || ringsHoldWork();
    }

    /** {@return whether some worker's ring holds actors: work its owner may be draining, or stale} */
    boolean ringsHoldWork() {
        for (Remote remote : remotes) {
            if (remote.hasWorkToSteal()) {
                return true;
            }
        }
        return false;
    }

    /**
     * After publishing work every worker may take soon (the global queue, or an urgent ring
     * position): {@link #notifyOne}, and a searcher sleeping between rounds is woken too, so the work
     * does not wait out its sleep while another core is free.
     */
    void notifyUrgent() {
        notifyOne();
        idle.wakeNapper();
    }

    /** Wakes one parked worker if nobody is searching. Any thread, right after publishing work. */
    void notifyOne() {
        // StoreLoad: the caller has just published work, by a release store of a ring's tail (a
        // local push) or the global queue's xadd; a parking worker sets its state, counts itself,
        // then reads the queues. Without a full fence between the caller's store and the loads
        // below, each side can miss the other's store (store buffering, which x86 does reorder:
        // jcstress LocalPushVersusParkTest). Tokio's notify_should_wakeup does fetch_add(0, SeqCst).
        VarHandle.fullFence();
        while (idle.wantsWaking()) {
            if (!idle.claimSearcherSlot()) {
                return; // someone else is now searching or waking
            }
            if (idle.wakeOne()) {
                return;
            }
            // Nobody to wake after all: give the searcher slot back, then look again in case a
            // producer skipped its wake-up while we held the slot.
            idle.endSearching();
            if (!hasWorkToSteal()) {
                return;
            }
        }
    }

    boolean isClosed() {
        return global.isClosed();
    }

    /** From now on outside producers are refused and workers end after their current turns. */
    void close() {
        global.close();
    }

    /** After {@link #close}: waits for outside producers already past their check. */
    void awaitOutsidePushes() {
        global.awaitOutsidePushes();
    }

    /**
     * Once the workers' threads have ended: everything still queued, in every worker's next slot and
     * ring, the lingering actors that have work, and the global queue.
     */
    void drainInto(List<Schedulable> out) {
        for (Remote remote : remotes) {
            Schedulable s = remote.clearNextSlot();
            if (s != null) {
                out.add(s);
            }
            for (int slot = 0; slot < Remote.LINGER_SLOTS; slot++) {
                LingeringSchedulable lingering = remote.takeLingering(slot);
                if (lingering != null && letGo(lingering)) {
                    out.add(lingering);
                }
            }
            for (s = remote.ring.pop(); s != null; s = remote.ring.pop()) {
                out.add(s);
            }
        }
        global.drainInto(out);
    }

    int globalDepth() {
        return global.size();
    }

    long outsidePushes() {
        return outsidePushes.sum();
    }
}
