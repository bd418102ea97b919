package io.github.rota.dispatcher.workstealing;

import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.DispatcherConfig;
import io.github.rota.spi.dispatch.DispatcherProvider;
import java.util.Set;

/**
 * Kind {@value #KIND}, the default: see {@link WorkStealingDispatcher}. Property {@value #WORKERS}:
 * worker threads, default max(available processors, 2), range 1..{@value #MAX_WORKERS}.
 */
public final class WorkStealingDispatcherProvider implements DispatcherProvider {

    /** The kind name. */
    public static final String KIND = "work-stealing";
    /** Property: number of worker threads. */
    public static final String WORKERS = "workers";
    /** Steal probes and wake-up scans are linear in the worker count; beyond this they cost more than they give. */
    public static final int MAX_WORKERS = 1024;

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public Set<String> propertyKeys() {
        return Set.of(WORKERS);
    }

    @Override
    public Dispatcher create(DispatcherConfig config) {
        // At least two, so a worker always has a sibling to steal from and a handler that waits
        // on another actor cannot deadlock a one-worker pool.
        int defaultWorkers = Math.max(Runtime.getRuntime().availableProcessors(), 2);
        int workers = config.intProperty(WORKERS, defaultWorkers, 1, MAX_WORKERS);
        return new WorkStealingDispatcher(config.systemName(), config.id(), workers, config.throughputBudget());
    }
}
