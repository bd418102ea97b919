package io.github.rota.dispatcher.workstealing;

import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.DispatcherConfig;
import io.github.rota.spi.dispatch.DispatcherProvider;
import io.github.rota.spi.dispatch.DispatcherSpec;
import java.util.Set;

/**
 * Kind {@value #KIND}, the default: see {@link WorkStealingDispatcher}. Properties: {@value #WORKERS},
 * worker threads, default max(available processors, 2), range 1..{@value #MAX_WORKERS};
 * {@value #STARVATION_THRESHOLD_MS}, default {@value #DEFAULT_STARVATION_THRESHOLD_MS}, range
 * 0 (no reports)..3,600,000; {@value #MAX_SPARE_WORKERS}, threads the pool may start beyond its
 * workers to keep its parallelism while turns block, default {@value #DEFAULT_MAX_SPARE_WORKERS},
 * range 0..32,767.
 */
public final class WorkStealingDispatcherProvider implements DispatcherProvider {

    /** The kind name. */
    public static final String KIND = DispatcherSpec.WORK_STEALING;
    /** Property: number of worker threads. */
    public static final String WORKERS = "workers";
    /** Property: report a worker stuck in one turn this many milliseconds; 0: no reports. */
    public static final String STARVATION_THRESHOLD_MS = "starvationThresholdMs";
    /** Default starvation threshold: a turn of a second is far beyond any healthy one. */
    public static final int DEFAULT_STARVATION_THRESHOLD_MS = 1_000;
    /** Property: threads the pool may start beyond its workers while turns block in {@code blocking()}. */
    public static final String MAX_SPARE_WORKERS = "maxSpareWorkers";
    /** Default spares: the JDK's own for its common pool. */
    public static final int DEFAULT_MAX_SPARE_WORKERS = 256;
    /** Steal probes and wake-up scans are linear in the worker count; beyond this they cost more than they give. */
    public static final int MAX_WORKERS = 1024;

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public Set<String> propertyKeys() {
        return Set.of(WORKERS, STARVATION_THRESHOLD_MS, MAX_SPARE_WORKERS);
    }

    @Override
    public Dispatcher create(DispatcherConfig config) {
        // At least two, so a worker always has a sibling to steal from and a handler that waits
        // on another actor cannot deadlock a one-worker pool.
        int defaultWorkers = Math.max(Runtime.getRuntime().availableProcessors(), 2);
        int workers = config.intProperty(WORKERS, defaultWorkers, 1, MAX_WORKERS);
        int starvationThreshold = config.intProperty(STARVATION_THRESHOLD_MS, DEFAULT_STARVATION_THRESHOLD_MS, 0, 3_600_000);
        int spares = config.intProperty(MAX_SPARE_WORKERS, DEFAULT_MAX_SPARE_WORKERS, 0, 32_767);
        return new WorkStealingDispatcher(config.systemName(), config.id(), workers, config.throughputBudget(),
                starvationThreshold, spares, config.events());
    }
}
