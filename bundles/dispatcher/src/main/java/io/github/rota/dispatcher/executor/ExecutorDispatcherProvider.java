package io.github.rota.dispatcher.executor;

import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.DispatcherConfig;
import io.github.rota.spi.dispatch.DispatcherProvider;
import java.util.Set;

/**
 * Kind {@value #KIND}: actors run as tasks on a JDK {@link java.util.concurrent.ForkJoinPool}
 * (the Akka model). Properties: {@value #WORKERS}, pool parallelism, default
 * max(available processors, 2), range 1..{@value #MAX_WORKERS}; {@value #MAX_SPARE_WORKERS}, the
 * threads the pool may add while turns block in {@code blocking()}, default
 * {@value #DEFAULT_MAX_SPARE_WORKERS}, range 0..{@value #MAX_WORKERS}.
 */
public final class ExecutorDispatcherProvider implements DispatcherProvider {

    /** The kind name. */
    public static final String KIND = "executor";
    /** Property: number of worker threads. */
    public static final String WORKERS = "workers";
    /** Property: threads the pool may add to keep its parallelism while turns block. */
    public static final String MAX_SPARE_WORKERS = "maxSpareWorkers";
    /** Default spares: the JDK's own for its common pool. */
    public static final int DEFAULT_MAX_SPARE_WORKERS = 256;
    /** Largest parallelism a {@link java.util.concurrent.ForkJoinPool} accepts. */
    public static final int MAX_WORKERS = 32_767;

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public Set<String> propertyKeys() {
        return Set.of(WORKERS, MAX_SPARE_WORKERS);
    }

    @Override
    public Dispatcher create(DispatcherConfig config) {
        int defaultWorkers = Math.max(Runtime.getRuntime().availableProcessors(), 2);
        int workers = config.intProperty(WORKERS, defaultWorkers, 1, MAX_WORKERS);
        int spares = config.intProperty(MAX_SPARE_WORKERS, DEFAULT_MAX_SPARE_WORKERS, 0, MAX_WORKERS);
        return new ExecutorDispatcher(config.systemName(), config.id(), workers, spares, config.throughputBudget(),
                config.events());
    }
}
