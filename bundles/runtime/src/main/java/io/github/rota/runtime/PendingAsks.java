package io.github.rota.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The asks waiting for their reply, and the tick that times them out: every {@value #TICK_MILLIS}
 * ms one task on the system's scheduler thread expires those whose deadline has passed and forgets
 * the answered ones, so a timeout fires up to a tick late. A tick instead of a timer per ask: a
 * timer is a lock and often a wake-up of the scheduler thread per ask, several microseconds.
 *
 * <p>Threads: asks are added from any thread; the tick and the final sweep run on the scheduler
 * thread. An ask added while the sweep runs is failed exactly once, by one side: {@link #add}
 * writes the queue and then reads {@code closed}, the sweep writes {@code closed} and then reads
 * the queue (both volatile), so at least one of them sees the other; the one that removes the ask
 * from the queue fails it.
 */
final class PendingAsks {

    /** How often ask timeouts are checked. */
    static final long TICK_MILLIS = 10;

    private final Queue<PromiseRef> waiting = new ConcurrentLinkedQueue<>();
    private final AtomicLong names = new AtomicLong();
    /** The final sweep has begun: no ask is kept any more. */
    private volatile boolean closed;

    /** Runs the tick on {@code scheduler}, the system's, until it shuts down. */
    void startTicking(ScheduledExecutorService scheduler) {
        scheduler.scheduleWithFixedDelay(this::expire, TICK_MILLIS, TICK_MILLIS, TimeUnit.MILLISECONDS);
    }

    /** @return a name no other ask of this system has had */
    long nextName() {
        return names.incrementAndGet();
    }

    /**
     * @return {@code false} if the system has terminated (the final sweep has begun) and this ask
     *         is not kept: the caller fails it
     */
    boolean add(PromiseRef ask) {
        waiting.add(ask);
        // If the sweep took it after all, the sweep fails it.
        return !closed || !waiting.remove(ask);
    }

    /** @return asks not yet answered, timed out or swept */
    int size() {
        return waiting.size();
    }

    private void expire() {
        long now = System.nanoTime();
        waiting.removeIf(ask -> ask.expireIfDue(now));
    }

    /**
     * Every actor has stopped, so no reply can come any more: fails every ask still waiting.
     *
     * @return their stages, which complete on another thread
     */
    List<CompletableFuture<?>> failAll(String systemName) {
        closed = true;
        List<CompletableFuture<?>> failed = new ArrayList<>();
        for (PromiseRef ask = waiting.poll(); ask != null; ask = waiting.poll()) {
            ask.fail(new IllegalStateException(
                    "actor system '" + systemName + "' terminated before " + ask.target().path() + " replied"));
            failed.add(ask.answer());
        }
        return failed;
    }
}
