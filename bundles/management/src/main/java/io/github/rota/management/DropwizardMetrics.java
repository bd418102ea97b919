package io.github.rota.management;

import com.codahale.metrics.Gauge;
import com.codahale.metrics.Histogram;
import com.codahale.metrics.MetricFilter;
import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.jmx.JmxReporter;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.management.ObjectNames;
import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.api.DispatcherCounter;
import io.github.rota.spi.support.QueueDelayProbe;
import io.github.rota.spi.pool.EnvelopePool;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongConsumer;
import java.util.function.ToLongFunction;

/**
 * One system's Dropwizard {@link MetricRegistry}, published with {@link JmxReporter} under
 * {@value #DOMAIN} (e.g. {@code io.github.rota.metrics:name=rota.dispatcher.default.turns,type=gauges}).
 *
 * <p>Per dispatcher {@code <system>.dispatcher.<id>.}: a gauge per counter of its kind and for the
 * budget, workers, parked workers and shared-queue depth; the histograms {@code turnNanos} (one turn
 * in {@value Dispatcher#TURN_SAMPLE_INTERVAL}, timed by the dispatcher) and {@code queueDelayNanos}
 * (a {@link QueueDelayProbe} per tick). Per system {@code <system>.system.}: live actors, dead
 * letters. Per pool {@code <system>.pool.}: hits, misses, drops, spare envelopes.
 */
final class DropwizardMetrics implements AutoCloseable {

    static final String DOMAIN = ObjectNames.DOMAIN + ".metrics";

    private final String system;
    private final MetricRegistry registry = new MetricRegistry();
    private final JmxReporter reporter;
    private final Map<String, Tracked> dispatchers = new ConcurrentHashMap<>();

    /** A dispatcher's live reference (it can be replaced), its probe and the listener of its turn samples. */
    private static final class Tracked {
        volatile Dispatcher dispatcher;
        final QueueDelayProbe probe;
        final LongConsumer turns;

        Tracked(Dispatcher dispatcher, QueueDelayProbe probe, LongConsumer turns) {
            this.dispatcher = dispatcher;
            this.probe = probe;
            this.turns = turns;
        }
    }

    DropwizardMetrics(String system) {
        this.system = system;
        this.reporter = JmxReporter.forRegistry(registry).inDomain(DOMAIN).build();
        reporter.start();
    }

    MetricRegistry registry() {
        return registry;
    }

    /** Adds a dispatcher's metrics, or points them at a replacement with the same id. */
    void dispatcher(Dispatcher dispatcher) {
        Tracked tracked = dispatchers.get(dispatcher.id());
        if (tracked != null) {
            tracked.dispatcher.removeTurnSampleListener(tracked.turns);
            tracked.dispatcher = dispatcher;
            tracked.probe.follow(dispatcher);
            dispatcher.addTurnSampleListener(tracked.turns);
            return;
        }
        String prefix = MetricRegistry.name(system, "dispatcher", dispatcher.id());
        Histogram queueDelays = registry.histogram(prefix + ".queueDelayNanos");
        LongConsumer turns = registry.histogram(prefix + ".turnNanos")::update;
        Tracked fresh = new Tracked(dispatcher, new QueueDelayProbe(dispatcher, queueDelays::update), turns);
        dispatchers.put(dispatcher.id(), fresh);
        dispatcher.addTurnSampleListener(turns);
        gauge(prefix + ".throughputBudget", () -> (long) fresh.dispatcher.throughputBudget());
        gauge(prefix + ".workers", () -> (long) fresh.dispatcher.stats().workers());
        gauge(prefix + ".parkedWorkers", () -> (long) fresh.dispatcher.stats().parkedWorkers());
        gauge(prefix + ".globalQueueDepth", () -> (long) fresh.dispatcher.stats().globalQueueDepth());
        for (DispatcherCounter counter : dispatcher.stats().counters().keySet()) {
            gauge(prefix + "." + counter.key(), () -> fresh.dispatcher.counter(counter));
        }
    }

    /** @return a dispatcher's queue delay as of now (see {@link QueueDelayProbe#delayNowNanos()}), or NaN */
    double queueDelayNowNanos(String id) {
        Tracked tracked = dispatchers.get(id);
        return tracked == null ? Double.NaN : tracked.probe.delayNowNanos();
    }

    /** Removes a dispatcher's metrics. */
    void removeDispatcher(String id) {
        Tracked gone = dispatchers.remove(id);
        if (gone != null) {
            gone.dispatcher.removeTurnSampleListener(gone.turns);
            String prefix = MetricRegistry.name(system, "dispatcher", id) + ".";
            registry.removeMatching((name, metric) -> name.startsWith(prefix));
        }
    }

    void system(ActorSystem actorSystem) {
        String prefix = MetricRegistry.name(system, "system");
        gauge(prefix + ".liveActors", () -> actorSystem.status().liveActors());
        gauge(prefix + ".deadLetters", actorSystem::deadLetterCount);
    }

    void removeSystem() {
        String prefix = MetricRegistry.name(system, "system") + ".";
        registry.removeMatching((name, metric) -> name.startsWith(prefix));
    }

    void pool(EnvelopePool pool) {
        String prefix = MetricRegistry.name(system, "pool");
        List.<Map.Entry<String, ToLongFunction<EnvelopePool>>>of(
                Map.entry("hits", p -> p.stats().totalHits()), Map.entry("misses", p -> p.stats().totalMisses()),
                Map.entry("drops", p -> p.stats().totalDrops()), Map.entry("size", p -> p.stats().totalSize()))
                .forEach(e -> gauge(prefix + "." + e.getKey(), () -> e.getValue().applyAsLong(pool)));
    }

    void removePool() {
        String prefix = MetricRegistry.name(system, "pool") + ".";
        registry.removeMatching((name, metric) -> name.startsWith(prefix));
    }

    /** Once a tick: the queue-delay probes. */
    void tick() {
        dispatchers.values().forEach(tracked -> tracked.probe.tick());
    }

    @Override
    public void close() {
        dispatchers.values().forEach(tracked -> tracked.dispatcher.removeTurnSampleListener(tracked.turns));
        dispatchers.clear();
        registry.removeMatching(MetricFilter.ALL);
        reporter.close();
    }

    private void gauge(String name, Gauge<Long> gauge) {
        registry.remove(name);
        registry.register(name, gauge);
    }
}
