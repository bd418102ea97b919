package io.github.rota.runtime;

import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.DispatcherConfig;
import io.github.rota.spi.dispatch.DispatcherProvider;
import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.dispatch.TurnObserver;
import io.github.rota.spi.dispatch.TurnObservers;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.RejectedExecutionException;

/** Test dispatcher (kind {@code manual}): queues schedulables; the test runs turns one at a time. */
final class ManualDispatcher implements Dispatcher, TurnObservers.CountingTurn {

    /** Registered for the tests through META-INF/services. */
    public static final class Provider implements DispatcherProvider {
        @Override
        public String kind() {
            return "manual";
        }

        @Override
        public Set<String> propertyKeys() {
            return Set.of();
        }

        @Override
        public Dispatcher create(DispatcherConfig config) {
            return new ManualDispatcher(config.id(), config.throughputBudget());
        }
    }

    private final String id;
    private final ConcurrentLinkedQueue<Schedulable> queue = new ConcurrentLinkedQueue<>();
    private volatile int budget;
    private volatile boolean stopped;
    private int lastHandled;
    private final TurnObservers observers = new TurnObservers(fault -> {
        throw new AssertionError("a turn observer failed", fault); // a test of observers fails loudly
    });

    ManualDispatcher(String id, int budget) {
        this.id = id;
        this.budget = budget;
    }

    /** Runs the turn of the oldest queued schedulable; re-queues it if it yields. */
    boolean runOneTurn() {
        Schedulable next = queue.poll();
        if (next == null) {
            return false;
        }
        if (observers.runTurn(next, this)) {
            queue.add(next);
        }
        return true;
    }

    void runUntilIdle() {
        while (runOneTurn()) {
            // keep going
        }
    }

    /** @return the message count the last turn reported */
    int lastHandled() {
        return lastHandled;
    }

    @Override
    public int budget() {
        return budget;
    }

    @Override
    public void messagesHandled(int count) {
        lastHandled = count;
    }

    @Override
    public int lastMessagesHandled() {
        return lastHandled;
    }

    @Override
    public void observeTurns(TurnObserver observer) {
        observers.add(observer);
    }

    int queued() {
        return queue.size();
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public String kind() {
        return "manual";
    }

    @Override
    public void start() {
    }

    @Override
    public void schedule(Schedulable schedulable) {
        if (stopped) {
            throw new RejectedExecutionException("manual dispatcher '" + id + "' is stopped");
        }
        queue.add(schedulable);
    }

    @Override
    public List<Schedulable> stop() {
        stopped = true;
        List<Schedulable> unrun = new ArrayList<>(queue);
        queue.clear();
        return unrun;
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
}
