package io.github.rota.testkit.internal;

import io.github.rota.api.DispatcherError;
import io.github.rota.spi.support.AbstractDispatcher;
import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.support.TurnObservers;
import java.util.ArrayDeque;
import java.util.List;
import java.util.function.Consumer;

/**
 * Runs every turn on the thread that schedules it, for deterministic tests: when
 * {@code tell} returns, the recipient (and everything it sent on in turn) has been processed.
 *
 * <p>Re-entrant schedules (an actor's turn making another actor ready) are queued on the calling
 * thread and run after the current turn, in order, instead of recursing; so is a turn that yields
 * with work left. The outermost {@code schedule} call on a thread drains that queue.
 *
 * <p>Thread-safety: each calling thread's queue is its own; the stopping flag and the budget are
 * volatile. A turn that blocks just blocks its caller.
 */
final class CallingThreadDispatcher extends AbstractDispatcher {

    /** The turns queued on the calling thread while one of its turns runs; absent between turns. */
    private final ThreadLocal<Runner> running = new ThreadLocal<>();

    CallingThreadDispatcher(String id, int budget, Consumer<Object> events) {
        super(id, CallingThreadDispatcherProvider.KIND, budget, fault -> events.accept(new DispatcherError(id, fault, null)));
    }

    @Override
    public void start() {
        // No threads of its own.
    }

    @Override
    public void schedule(Schedulable schedulable) {
        refuseIfStopping();
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
                if (observers().runTurn(next, runner)) {
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
        markStopping();
        return List.of();
    }

    @Override
    public void signalStop() {
        markStopping();
    }

    /** One calling thread's turns: the queue of re-entrant schedules, and the turn they run with. */
    private final class Runner implements TurnObservers.CountingTurn {
        final ArrayDeque<Schedulable> queue = new ArrayDeque<>();
        private int lastMessagesHandled;

        @Override
        public int budget() {
            return throughputBudget();
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
