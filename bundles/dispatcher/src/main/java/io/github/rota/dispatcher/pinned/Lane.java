package io.github.rota.dispatcher.pinned;

import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.dispatch.Turn;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One actor's thread in a {@link PinnedDispatcher}: it waits for the actor to be scheduled, runs
 * its turns until it goes idle, and ends after the keep-alive with nothing to do.
 *
 * <p>State ({@code pending}, {@code closed}, {@code thread}) is guarded by the lane's monitor;
 * a closed lane refuses offers, so {@link PinnedDispatcher#schedule} makes a new one.
 */
final class Lane implements Runnable, Turn {

    private static final Logger LOG = LoggerFactory.getLogger(Lane.class);

    final Schedulable schedulable;
    private final PinnedDispatcher pool;
    private boolean pending;
    private boolean closed;
    private Thread thread;
    private int turnBudget;

    Lane(PinnedDispatcher pool, Schedulable schedulable) {
        this.pool = pool;
        this.schedulable = schedulable;
    }

    /** @return {@code false} if the lane has closed; the caller must make a new one */
    synchronized boolean offer() {
        if (closed) {
            return false;
        }
        pending = true;
        if (thread == null) {
            thread = new Thread(this, pool.nextThreadName());
            thread.setDaemon(true);
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
                    turnBudget = pool.throughputBudget();
                    more = schedulable.runTurn(this);
                }
            } catch (Throwable fault) {
                LOG.error("turn of {} failed on {}", schedulable, Thread.currentThread().getName(), fault);
            }
        }
    }

    /** @return {@code true} with a turn to run; {@code false} when the lane has closed */
    private synchronized boolean awaitWork() {
        long deadline = System.nanoTime() + pool.keepAliveNanos();
        while (!pending) {
            long left = deadline - System.nanoTime();
            if (pool.isStopping() || left <= 0) {
                closed = true;
                thread = null;
                pool.removeLane(schedulable, this);
                return false;
            }
            try {
                wait(left / 1_000_000, (int) (left % 1_000_000));
            } catch (InterruptedException e) {
                // Only stop() wakes us this way: re-check.
            }
        }
        if (pool.isStopping()) {
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
        // This kind keeps no counters.
    }
}
