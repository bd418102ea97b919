package io.github.rota.micrometer;

import io.github.rota.api.ActorSystem;
import io.github.rota.api.DispatcherView;
import io.github.rota.spi.dispatch.DispatcherCounter;
import io.github.rota.spi.dispatch.DispatcherStats;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * A Micrometer {@link MeterBinder} for one actor system, for applications that run Micrometer
 * (Rota's built-in metrics are Dropwizard's, in the management module). The meters are named like
 * the Prometheus JMX exporter's rules Rota ships, so a dashboard reads either: per dispatcher, the
 * names Kamon users know for Akka's executors — {@code rota.executor.threads} and
 * {@code .threads.active}, {@code rota.executor.tasks.completed} (turns), {@code rota.executor.queue.size}
 * (actors in the shared queue), {@code rota.executor.messages} — then {@code rota.dispatcher.throughput.budget},
 * {@code rota.dispatcher.parked.workers} and {@code rota.dispatcher.<counter>} for every other counter
 * the dispatcher's kind keeps (the counter's key, lowercased); per system {@code rota.active.actors}
 * and {@code rota.dead.letters}. Every meter is tagged {@code system}, and per dispatcher
 * {@code dispatcher}.
 *
 * <p>No meter has a base unit, which Prometheus would append to its name (the units are in the
 * descriptions). Meters read the system when the registry asks (a scrape), so they cost nothing in between. The
 * dispatchers bound are those the system uses when {@link #bindTo} runs; a dispatcher replaced under
 * the same id keeps its meters (counters start again, as in JMX), and one that is missing reads NaN.
 *
 * <pre>{@code
 * new ActorSystemMetrics(system).bindTo(registry);
 * }</pre>
 */
public final class ActorSystemMetrics implements MeterBinder {

    /** Named as executor metrics, so not repeated among the dispatcher's counters. */
    private static final Set<DispatcherCounter> EXECUTOR_COUNTERS = EnumSet.of(DispatcherCounter.TURNS, DispatcherCounter.MESSAGES);

    private final ActorSystem system;
    private final Tags tags;

    /**
     * @param system the actor system to measure
     */
    public ActorSystemMetrics(ActorSystem system) {
        this(system, Tags.empty());
    }

    /**
     * @param system the actor system to measure
     * @param tags tags added to every meter, besides {@code system} and {@code dispatcher}
     */
    public ActorSystemMetrics(ActorSystem system, Iterable<Tag> tags) {
        this.system = Objects.requireNonNull(system, "system");
        this.tags = Tags.of(tags).and("system", system.name());
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        Gauge.builder("rota.active.actors", system, s -> s.status().liveActors()).tags(tags)
                .description("Actors started and not yet stopped").register(registry);
        FunctionCounter.builder("rota.dead.letters", system, ActorSystem::deadLetterCount).tags(tags)
                .description("Dead letters since the start").register(registry);
        for (String id : system.status().dispatcherIds()) {
            bindDispatcher(registry, id, tags.and("dispatcher", id));
        }
    }

    private void bindDispatcher(MeterRegistry registry, String id, Tags dispatcherTags) {
        gauge(registry, "rota.executor.threads", id, dispatcherTags, "Worker threads", DispatcherStats::workers);
        gauge(registry, "rota.executor.threads.active", id, dispatcherTags, "Workers not parked",
                stats -> Math.max(0, stats.workers() - stats.parkedWorkers()));
        gauge(registry, "rota.executor.queue.size", id, dispatcherTags, "Actors waiting in the shared queue",
                DispatcherStats::globalQueueDepth);
        gauge(registry, "rota.dispatcher.parked.workers", id, dispatcherTags, "Workers parked now",
                DispatcherStats::parkedWorkers);
        Gauge.builder("rota.dispatcher.throughput.budget", system,
                        s -> s.dispatcher(id).map(d -> (double) d.throughputBudget()).orElse(Double.NaN))
                .tags(dispatcherTags).description("User messages an actor may handle per turn")
                .register(registry);
        counter(registry, "rota.executor.tasks.completed", id, dispatcherTags, "Turns run", DispatcherCounter.TURNS);
        counter(registry, "rota.executor.messages", id, dispatcherTags, "User messages handled", DispatcherCounter.MESSAGES);
        DispatcherStats now = stats(id);
        for (DispatcherCounter counter : now.counters().keySet()) {
            if (!EXECUTOR_COUNTERS.contains(counter)) {
                counter(registry, "rota.dispatcher." + counter.key().toLowerCase(Locale.ROOT), id, dispatcherTags,
                        "The dispatcher's " + counter.key() + " counter", counter);
            }
        }
    }

    private void gauge(MeterRegistry registry, String name, String id, Tags dispatcherTags, String description,
                       ToDoubleFunction<DispatcherStats> value) {
        Gauge.builder(name, system, s -> s.dispatcher(id).map(d -> value.applyAsDouble(d.stats())).orElse(Double.NaN))
                .tags(dispatcherTags).description(description).register(registry);
    }

    private void counter(MeterRegistry registry, String name, String id, Tags dispatcherTags, String description,
                         DispatcherCounter counter) {
        FunctionCounter.builder(name, system, s -> s.dispatcher(id).map(d -> (double) d.counter(counter)).orElse(Double.NaN))
                .tags(dispatcherTags).description(description).register(registry);
    }

    private DispatcherStats stats(String id) {
        return system.dispatcher(id).map(DispatcherView::stats).orElse(DispatcherStats.NONE);
    }
}
