package io.github.rota.dispatcher.pinned;

import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.support.TurnObservers;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One actor's thread in a {@link PinnedDispatcher}: it waits for the actor to be scheduled, runs
 * its turns until it goes idle, and ends after the keep-alive with nothing to do. Once the
 * dispatcher is stopping it starts no turn: an actor still scheduled (never run, or yielded with
 * work left) stays {@code pending}, which {@link #awaitEnd()} reports, so it is handed back.
 *
 * <p>State ({@code pending}, {@code closed}, {@code thread}) is guarded by the actor's monitor;
 * a closed one refuses offers, so {@link PinnedDispatcher#schedule} makes a new one.
 */
final class PinnedActor implements Runnable, TurnObservers.CountingTurn {

    private static final Logger LOG = LoggerFactory.getLogger(PinnedActor.class);

    final Schedulable schedulable;
    private final PinnedDispatcher dispatcher;
    private final TurnObservers observers;
    private boolean pending;
    private boolean closed;
    private Thread thread;
    private int turnBudget;
    private int lastMessagesHandled;

    PinnedActor(PinnedDispatcher dispatcher, TurnObservers observers, Schedulable schedulable) {
        this.dispatcher = dispatcher;
        this.observers = observers;
        this.schedulable = schedulable;
    }

    /** @return {@code false} if the actor has closed (its thread timed out); the caller must make a new one */
    synchronized boolean offer() {
        if (closed) {
            return false;
        }
        pending = true;
        if (thread == null) {
            thread = dispatcher.newThread(this);
            thread.start();
        } else {
            notifyAll();
        }
        return true;
    }

    synchronized void wake() {
        notifyAll();
    }

    /** Waits for the thread to end. @return whether the actor was still waiting for a turn */
    boolean awaitEnd() {
        Thread t;
        synchronized (this) {
            t = thread;
        }
        if (t != null) {
            boolean interrupted = false;
            while (t.isAlive()) {
                try {
                    t.join();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        synchronized (this) {
            return pending;
        }
    }

    @Override
    public void run() {
        while (awaitWork()) {
            try {
                boolean more = true;
                while (more) {
                    if (dispatcher.isStopping()) {
                        handBack(); // yielded with work left: still scheduled, not run again here
                        return;
                    }
                    turnBudget = dispatcher.throughputBudget();
                    more = observers.runTurn(schedulable, this);
                    // The flag belongs to this thread, not to the turn that left it set.
                    Thread.interrupted();
                }
            } catch (Throwable fault) {
                LOG.error("turn of {} failed on {}", schedulable, Thread.currentThread().getName(), fault);
            }
        }
    }

    private synchronized void handBack() {
        pending = true;
    }

    /** @return {@code true} with a turn to run; {@code false} when the actor has closed */
    private synchronized boolean awaitWork() {
        long deadline = System.nanoTime() + dispatcher.keepAliveNanos();
        while (!pending) {
            long left = deadline - System.nanoTime();
            if (dispatcher.isStopping() || left <= 0) {
                closed = true;
                thread = null;
                dispatcher.remove(schedulable, this);
                return false;
            }
            try {
                wait(left / 1_000_000, (int) (left % 1_000_000));
            } catch (InterruptedException e) {
                // Only stop() wakes us this way: re-check.
            }
        }
        if (dispatcher.isStopping()) {
            return false; // hand the pending turn back through stop()
        }
        pending = false;
        return true;
    }

    @Override
    public int budget() {
        return turnBudget;
    }

    @Override
    public void messagesHandled(int count) {
        lastMessagesHandled = count; // this kind keeps no counters
    }

    @Override
    public int lastMessagesHandled() {
        return lastMessagesHandled;
    }
}
