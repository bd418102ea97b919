package io.github.rota.testkit.internal;

import io.github.rota.api.DispatcherError;
import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.dispatch.TurnObserver;
import io.github.rota.spi.dispatch.TurnObservers;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;

/**
 * Runs every turn on the thread that schedules it, for deterministic tests: when
 * {@code tell} returns, the recipient (and everything it sent on in turn) has been processed.
 *
 * <p>Re-entrant schedules (an actor's turn making another actor ready) are queued on the calling
 * thread and run after the current turn, in order, instead of recursing; so is a turn that yields
 * with work left. The outermost {@code schedule} call on a thread drains that queue.
 *
 * <p>Thread-safety: each calling thread's queue is its own; {@code stopped} and {@code budget} are
 * volatile. A turn that blocks just blocks its caller.
 */
final class CallingThreadDispatcher implements Dispatcher {

    private final String id;
    /** The turns queued on the calling thread while one of its turns runs; absent between turns. */
    private final ThreadLocal<Runner> running = new ThreadLocal<>();
    private final TurnObservers observers;
    private volatile int budget;
    private volatile boolean stopped;

    CallingThreadDispatcher(String id, int budget, Consumer<Object> events) {
        this.id = id;
        this.budget = Dispatcher.checkThroughputBudget(budget);
        this.observers = new TurnObservers(fault -> events.accept(new DispatcherError(id, fault, null)));
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
        Runner runner = running.get();
        if (runner != null) {
            runner.queue.addLast(schedulable); // re-entrant: run after the current turn
            return;
        }
        runner = new Runner();
        running.set(runner);
        try {
            Schedulable next = schedulable;
            while (next != null) {
                if (observers.runTurn(next, runner)) {
                    runner.queue.addLast(next);
                }
                next = runner.queue.pollFirst();
            }
        } finally {
            running.remove();
        }
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
    public void observeTurns(TurnObserver observer) {
        observers.add(observer);
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

    /** One calling thread's turns: the queue of re-entrant schedules, and the turn they run with. */
    private final class Runner implements TurnObservers.CountingTurn {
        final ArrayDeque<Schedulable> queue = new ArrayDeque<>();
        private int lastMessagesHandled;

        @Override
        public int budget() {
            return budget;
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
}
