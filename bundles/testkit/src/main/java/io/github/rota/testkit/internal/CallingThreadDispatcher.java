package io.github.rota.testkit.internal;

import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.dispatch.Turn;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;

/**
 * Runs every turn on the thread that schedules it, for deterministic tests: when
 * {@code tell} returns, the recipient (and everything it sent on in turn) has been processed.
 *
 * <p>Re-entrant schedules (an actor's turn making another actor ready) are queued on the calling
 * thread and run after the current turn, in order, instead of recursing; so is a turn that yields
 * with work left. The outermost {@code schedule} call on a thread drains that queue.
 *
 * <p>Thread-safety: the queue is thread-confined; {@code stopped} and {@code budget} are volatile.
 */
final class CallingThreadDispatcher implements Dispatcher, Turn {

    private final String id;
    private final ThreadLocal<ArrayDeque<Schedulable>> pending = new ThreadLocal<>();
    private volatile int budget;
    private volatile boolean stopped;

    CallingThreadDispatcher(String id, int budget) {
        this.id = id;
        this.budget = Dispatcher.checkThroughputBudget(budget);
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public String kind() {
        return CallingThreadDispatcherProvider.KIND;
    }

    @Override
    public void start() {
        // No threads of its own.
    }

    @Override
    public void schedule(Schedulable schedulable) {
        if (stopped) {
            throw new RejectedExecutionException("dispatcher '" + id + "' is stopped");
        }
        ArrayDeque<Schedulable> queue = pending.get();
        if (queue != null) {
            queue.addLast(schedulable); // re-entrant: run after the current turn
            return;
        }
        queue = new ArrayDeque<>();
        pending.set(queue);
        try {
            Schedulable next = schedulable;
            while (next != null) {
                if (next.runTurn(this)) {
                    queue.addLast(next);
                }
                next = queue.pollFirst();
            }
        } finally {
            pending.remove();
        }
    }

    @Override
    public int budget() {
        return budget;
    }

    @Override
    public void messagesHandled(int count) {
        // This kind keeps no counters.
    }

    /** Every turn ran on its caller, so nothing is handed back. */
    @Override
    public List<Schedulable> stop() {
        stopped = true;
        return List.of();
    }

    @Override
    public void signalStop() {
        stopped = true;
    }

    @Override
    public int throughputBudget() {
        return budget;
    }

    @Override
    public void setThroughputBudget(int budget) {
        this.budget = Dispatcher.checkThroughputBudget(budget);
    }

    @Override
    public String toString() {
        return "CallingThreadDispatcher[" + id + ", budget=" + budget + "]";
    }
}
