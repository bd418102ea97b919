package io.github.rota.runtime;

import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.DispatcherConfig;
import io.github.rota.spi.dispatch.DispatcherProvider;
import io.github.rota.spi.dispatch.ExpeditingDispatcher;
import io.github.rota.spi.dispatch.LingeringSchedulable;
import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.support.AbstractDispatcher;
import io.github.rota.spi.support.TurnObservers;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;

/** Test dispatcher (kind {@code manual}): queues schedulables; the test runs turns one at a time. */
class ManualDispatcher extends AbstractDispatcher implements ExpeditingDispatcher, TurnObservers.CountingTurn {

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
    private final ConcurrentLinkedQueue<Schedulable> expedited = new ConcurrentLinkedQueue<>();
    private volatile RuntimeException expediteFault;
    private int lastHandled;
    /** Whether a turn that runs out of work may linger (as a work-stealing worker keeps one). */
    private boolean keepsLingering;
    /** The running turn's schedulable, once it asked to linger and was let. */
    private LingeringSchedulable lingerAccepted;
    /** The schedulable kept after its turn, if any: the test resumes it or lets it go. */
    private LingeringSchedulable lingering;

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
        run(next);
        return true;
    }

    private void run(Schedulable s) {
        if (observers().runTurn(s, this)) {
            queue.add(s);
        }
        if (lingerAccepted != null) {
            lingering = lingerAccepted;
            lingerAccepted = null;
        }
    }

    /** From now on a turn that runs out of work may linger, one schedulable at a time. */
    void keepLingering() {
        keepsLingering = true;
    }

    /** @return the lingering schedulable, or {@code null} */
    LingeringSchedulable lingering() {
        return lingering;
    }

    /** Runs the lingering schedulable's next turn, as a worker does when it has work. */
    void resumeLingering() {
        Schedulable s = lingering;
        lingering = null;
        run(s);
    }

    /** Lets the lingering schedulable go, as a worker does before it turns elsewhere; queues it if it is ready. */
    boolean releaseLingering() {
        LingeringSchedulable s = lingering;
        lingering = null;
        boolean ready = s.releaseLingering();
        if (ready) {
            queue.add(s);
        }
        return ready;
    }

    @Override
    public boolean linger(LingeringSchedulable self) {
        if (!keepsLingering || lingering != null) {
            return false;
        }
        lingerAccepted = self;
        return true;
    }

    void runUntilIdle() {
        while (runOneTurn()) {
            // keep going
        }
    }

    /** Runs until nothing is queued and nothing lingers, letting a lingering schedulable go each time. */
    void runUntilIdleLettingGo() {
        runUntilIdle();
        while (lingering != null) {
            releaseLingering();
            runUntilIdle();
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
    public void expedite(Schedulable schedulable) {
        expedited.add(schedulable);
        RuntimeException fault = expediteFault;
        if (fault != null) {
            throw fault;
        }
    }

    /** From now on {@link #expedite} records the request, then throws {@code fault}, as a faulty dispatcher might. */
    void failExpeditesWith(RuntimeException fault) {
        expediteFault = fault;
    }

    /** {@return every schedulable a producer asked to hurry, in order} */
    List<Schedulable> expedited() {
        return List.copyOf(expedited);
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
