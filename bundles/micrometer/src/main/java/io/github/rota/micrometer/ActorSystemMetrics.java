package io.github.rota.micrometer;

import io.github.rota.api.ActorMetrics;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.DispatcherSampleListener;
import io.github.rota.api.DispatcherView;
import io.github.rota.api.DispatcherCounter;
import io.github.rota.api.DispatcherStats;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.Collections;
import java.util.EnumSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;

/**
 * A Micrometer {@link MeterBinder} for one actor system, for applications that run Micrometer
 * (Rota's built-in metrics are Dropwizard's, in the management module). The meters are named like
 * the Prometheus JMX exporter's rules Rota ships, so a dashboard reads either: per dispatcher, what
 * Kamon users chart for Akka's executors — {@code rota.dispatcher.threads} and
 * {@code .threads.active}, {@code rota.dispatcher.turns} (its tasks), {@code rota.dispatcher.queue.size}
 * (actors in the shared queue), {@code rota.dispatcher.messages} — then {@code rota.dispatcher.throughput.budget},
 * {@code rota.dispatcher.parked.workers} and {@code rota.dispatcher.<counter>} for every other counter
 * the dispatcher's kind keeps (the counter's key, lowercased), and the timers
 * {@code rota.dispatcher.time.in.queue} (a probe scheduled once a second: the time from scheduled to
 * the start of its turn) and {@code rota.dispatcher.turn} (about one turn in 64, on the kinds that time
 * them), with their median and 99th percentile, fed by the system's
 * {@linkplain ActorSystem#addDispatcherSampleListener dispatcher sampling}; per system {@code rota.active.actors},
 * {@code rota.dead.letters}, {@code rota.processed.messages} and {@code rota.tracked.actors}. Every
 * meter is tagged {@code system}, and per dispatcher {@code dispatcher}.
 *
 * <p>Per tracked actor ({@link ActorSystem#trackedActors()}), tagged {@code path} (below
 * {@code rota://<system>/}), the metrics Kamon users know for Akka actors:
 * {@code rota.actor.processed.messages}, {@code rota.actor.errors}, {@code rota.actor.mailbox.size},
 * and the timers {@code rota.actor.time.in.mailbox} and {@code rota.actor.processing.time} of the
 * sampled messages, with their median and 99th percentile. Their meters follow the tracked actors:
 * the binder checks once a second from a daemon thread of its own until it is {@linkplain #close()
 * closed} or the system terminates, and removes the meters of an actor that stopped.
 *
 * <p>No meter has a base unit, which Prometheus would append to its name (the units are in the
 * descriptions). Meters read the system when the registry asks (a scrape), so they cost nothing in between. The
 * dispatchers bound are those the system uses when {@link #bindTo} runs; a dispatcher replaced under
 * the same id keeps its meters (counters start again, as in JMX), and one that is missing reads NaN.
 *
 * <pre>{@code
 * ActorSystemMetrics metrics = new ActorSystemMetrics(system);
 * metrics.bindTo(registry);
 * ...
 * metrics.close(); // before the system terminates, or with it
 * }</pre>
 */
public final class ActorSystemMetrics implements MeterBinder, AutoCloseable {

    /** The JDK's logger: this optional module brings no logging library of its own. */
    private static final System.Logger LOG = System.getLogger(ActorSystemMetrics.class.getName());
    private static final long REFRESH_MILLIS = 1_000;

    /** Meters of their own, with their own descriptions, so not repeated among the dispatcher's counters. */
    private static final Set<DispatcherCounter> NAMED_COUNTERS = EnumSet.of(DispatcherCounter.TURNS, DispatcherCounter.MESSAGES);

    private final ActorSystem system;
    private final Tags tags;
    /** The registries bound, and what each was given; guarded by this. */
    private final Map<MeterRegistry, Binding> registries = new IdentityHashMap<>();
    private ScheduledExecutorService refresher;
    private boolean closed;

    /** What one registry was given: the meters of every tracked actor, and the dispatchers' timers. */
    private record Binding(Map<ActorMetrics, ActorMeters> actors, DispatcherTimers dispatcherTimers) {
    }

    /** One tracked actor's meters in one registry, and the listener feeding its timers. */
    private record ActorMeters(List<Meter> meters, ActorMetrics.SampleListener listener) {
    }

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
        DispatcherTimers dispatcherTimers = new DispatcherTimers(registry);
        synchronized (this) {
            if (closed) {
                throw new IllegalStateException("the metrics of actor system '" + system.name() + "' were closed");
            }
            if (registries.containsKey(registry)) {
                return; // bound already: binding again would count every sample twice
            }
            registries.put(registry, new Binding(new IdentityHashMap<>(), dispatcherTimers));
            system.addDispatcherSampleListener(dispatcherTimers); // here, so a close() that follows removes it
        }
        Gauge.builder("rota.active.actors", system, s -> s.status().liveActors()).tags(tags)
                .description("Actors started and not yet stopped").register(registry);
        FunctionCounter.builder("rota.dead.letters", system, ActorSystem::deadLetterCount).tags(tags)
                .description("Dead letters since the start").register(registry);
        FunctionCounter.builder("rota.processed.messages", system, ActorSystem::processedMessageCount).tags(tags)
                .description("User messages handled by the system's dispatchers").register(registry);
        Gauge.builder("rota.tracked.actors", system, s -> s.trackedActors().size()).tags(tags)
                .description("Actors whose metrics are kept (rota.system.metrics.actors)").register(registry);
        for (String id : system.status().dispatcherIds()) {
            bindDispatcher(registry, id, tags.and("dispatcher", id));
            dispatcherTimers.timersOf(id); // shown from the start, before their first sample
        }
        synchronized (this) {
            if (refresher == null && !closed) {
                refresher = Executors.newSingleThreadScheduledExecutor(task -> {
                    Thread thread = new Thread(task, "rota-micrometer-" + system.name());
                    thread.setDaemon(true);
                    return thread;
                });
                refresher.scheduleWithFixedDelay(this::refreshQuietly, REFRESH_MILLIS, REFRESH_MILLIS, TimeUnit.MILLISECONDS);
                system.whenTerminated().thenRun(this::close); // its thread ends with the system at the latest
            }
        }
        refreshTrackedActors();
    }

    /**
     * Brings the per-actor meters in step with {@link ActorSystem#trackedActors()} now: meters for
     * the actors tracked since, none for those that stopped. The binder does this once a second;
     * call it to see a new actor's meters at once.
     */
    public synchronized void refreshTrackedActors() {
        if (closed) {
            return;
        }
        Set<ActorMetrics> now = Collections.newSetFromMap(new IdentityHashMap<>());
        now.addAll(system.trackedActors());
        registries.forEach((registry, binding) -> {
            Map<ActorMetrics, ActorMeters> actors = binding.actors();
            actors.entrySet().removeIf(e -> {
                if (now.contains(e.getKey())) {
                    return false;
                }
                unbind(registry, e.getKey(), e.getValue());
                return true;
            });
            for (ActorMetrics actor : now) {
                if (!actors.containsKey(actor)) {
                    actors.put(actor, bindActor(registry, actor));
                }
            }
        });
    }

    /**
     * Stops following the tracked actors and removes their meters, and stops listening to the
     * dispatchers' samples; the system's and dispatchers' meters stay (their timers get no more samples).
     */
    @Override
    public void close() {
        ScheduledExecutorService stopping;
        synchronized (this) {
            closed = true;
            stopping = refresher;
            refresher = null;
            registries.forEach((registry, binding) -> {
                system.removeDispatcherSampleListener(binding.dispatcherTimers());
                binding.actors().forEach((actor, meters) -> unbind(registry, actor, meters));
            });
            registries.clear();
        }
        if (stopping != null) {
            stopping.shutdownNow();
        }
    }

    private void refreshQuietly() {
        try {
            refreshTrackedActors();
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "could not bring the meters of the tracked actors of '"
                    + system.name() + "' up to date", e);
        }
    }

    private ActorMeters bindActor(MeterRegistry registry, ActorMetrics actor) {
        Tags actorTags = tags.and("path", actor.pathInSystem());
        Timer inMailbox = Timer.builder("rota.actor.time.in.mailbox").tags(actorTags).publishPercentiles(0.5, 0.99)
                .description("Time from send to the start of handling, of sampled messages").register(registry);
        Timer processing = Timer.builder("rota.actor.processing.time").tags(actorTags).publishPercentiles(0.5, 0.99)
                .description("Time the actor took to handle a message, of sampled messages").register(registry);
        ActorMetrics.SampleListener listener = (inMailboxNanos, processingNanos) -> {
            inMailbox.record(inMailboxNanos, TimeUnit.NANOSECONDS);
            processing.record(processingNanos, TimeUnit.NANOSECONDS);
        };
        actor.addSampleListener(listener);
        List<Meter> meters = List.of(inMailbox, processing,
                FunctionCounter.builder("rota.actor.processed.messages", actor, ActorMetrics::processedMessages)
                        .tags(actorTags).description("User messages the actor handled").register(registry),
                FunctionCounter.builder("rota.actor.errors", actor, ActorMetrics::errors)
                        .tags(actorTags).description("Failures of the actor's own code").register(registry),
                Gauge.builder("rota.actor.mailbox.size", actor, ActorMetrics::mailboxSize)
                        .tags(actorTags).description("Messages waiting in the actor's mailbox").register(registry));
        return new ActorMeters(meters, listener);
    }

    private static void unbind(MeterRegistry registry, ActorMetrics actor, ActorMeters meters) {
        actor.removeSampleListener(meters.listener());
        meters.meters().forEach(registry::remove);
    }

    private void bindDispatcher(MeterRegistry registry, String id, Tags dispatcherTags) {
        gauge(registry, "rota.dispatcher.threads", id, dispatcherTags, "Worker threads", DispatcherStats::workers);
        gauge(registry, "rota.dispatcher.threads.active", id, dispatcherTags, "Workers not parked",
                stats -> Math.max(0, stats.workers() - stats.parkedWorkers()));
        gauge(registry, "rota.dispatcher.queue.size", id, dispatcherTags, "Actors waiting in the shared queue",
                DispatcherStats::globalQueueDepth);
        gauge(registry, "rota.dispatcher.parked.workers", id, dispatcherTags, "Workers parked now",
                DispatcherStats::parkedWorkers);
        Gauge.builder("rota.dispatcher.throughput.budget", system,
                        s -> s.dispatcher(id).map(d -> (double) d.throughputBudget()).orElse(Double.NaN))
                .tags(dispatcherTags).description("User messages an actor may handle per turn")
                .register(registry);
        counter(registry, "rota.dispatcher.turns", id, dispatcherTags, "Turns run", DispatcherCounter.TURNS);
        counter(registry, "rota.dispatcher.messages", id, dispatcherTags, "User messages handled", DispatcherCounter.MESSAGES);
        DispatcherStats now = stats(id);
        for (DispatcherCounter counter : now.counters().keySet()) {
            if (!NAMED_COUNTERS.contains(counter)) {
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

    /**
     * The dispatchers' timers in one registry, per dispatcher id, made when first needed: for the
     * ids known when bound, at once; for one that appears later, with its first sample.
     */
    private final class DispatcherTimers implements DispatcherSampleListener {

        private final MeterRegistry registry;
        private final Map<String, Timer[]> byId = new ConcurrentHashMap<>();

        DispatcherTimers(MeterRegistry registry) {
            this.registry = registry;
        }

        /** @return the id's time-in-queue timer, then its turn timer */
        Timer[] timersOf(String id) {
            return byId.computeIfAbsent(id, key -> {
                Tags dispatcherTags = tags.and("dispatcher", key);
                return new Timer[] {
                    Timer.builder("rota.dispatcher.time.in.queue").tags(dispatcherTags).publishPercentiles(0.5, 0.99)
                            .description("Time from scheduled to turn start, of a probe scheduled once a second")
                            .register(registry),
                    Timer.builder("rota.dispatcher.turn").tags(dispatcherTags).publishPercentiles(0.5, 0.99)
                            .description("Length of sampled turns (about one in 64)").register(registry)};
            });
        }

        @Override
        public void timeInQueue(String dispatcherId, long nanos) {
            timersOf(dispatcherId)[0].record(nanos, TimeUnit.NANOSECONDS);
        }

        @Override
        public void turn(String dispatcherId, long nanos) {
            timersOf(dispatcherId)[1].record(nanos, TimeUnit.NANOSECONDS);
        }
    }

    private DispatcherStats stats(String id) {
        return system.dispatcher(id).map(DispatcherView::stats).orElse(DispatcherStats.NONE);
    }
}
