package io.github.rota.runtime;

import io.github.rota.spi.dispatch.AbstractDispatcher;
import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.DispatcherConfig;
import io.github.rota.spi.dispatch.DispatcherProvider;
import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.dispatch.TurnObservers;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;

/** Test dispatcher (kind {@code manual}): queues schedulables; the test runs turns one at a time. */
class ManualDispatcher extends AbstractDispatcher implements TurnObservers.CountingTurn {

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

    private final ConcurrentLinkedQueue<Schedulable> queue = new ConcurrentLinkedQueue<>();
    private int lastHandled;

    ManualDispatcher(String id, int budget) {
        super(id, "manual", budget, fault -> {
            throw new AssertionError("a turn observer failed", fault); // a test of observers fails loudly
        });
    }

    /** Runs the turn of the oldest queued schedulable; re-queues it if it yields. */
    boolean runOneTurn() {
        Schedulable next = queue.poll();
        if (next == null) {
            return false;
        }
        if (observers().runTurn(next, this)) {
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
        return throughputBudget();
    }

    @Override
    public void messagesHandled(int count) {
        lastHandled = count;
    }

    @Override
    public int lastMessagesHandled() {
        return lastHandled;
    }

    int queued() {
        return queue.size();
    }

    @Override
    public void start() {
    }

    @Override
    public void schedule(Schedulable schedulable) {
        refuseIfStopping();
        queue.add(schedulable);
    }

    @Override
    public List<Schedulable> stop() {
        markStopping();
        List<Schedulable> unrun = new ArrayList<>(queue);
        queue.clear();
        return unrun;
    }

    @Override
    public void signalStop() {
        markStopping();
    }
}
