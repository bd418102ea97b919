package io.github.rota.dispatcher.pinned;

import io.github.rota.api.DispatcherError;
import io.github.rota.spi.support.AbstractDispatcher;
import io.github.rota.api.DispatcherStats;
import io.github.rota.spi.dispatch.Schedulable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gives every actor a thread of its own, for actors that block (I/O, JDBC, legacy APIs): a
 * blocked actor then holds up nobody else. A thread that waits longer than the keep-alive for its
 * actor's next message ends and is made again on demand, so stopped actors leave no thread or
 * map entry behind. Costs a thread per busy actor: use it for a few actors, not thousands.
 *
 * <p>Threads: the map is concurrent; each {@link PinnedActor} guards its own state with its monitor.
 * Lock use is fine here: this kind exists for actors that block anyway.
 */
final class PinnedDispatcher extends AbstractDispatcher {

    private static final Logger LOG = LoggerFactory.getLogger(PinnedDispatcher.class);

    private final String threadPrefix;
    private final long keepAliveNanos;
    private final ConcurrentHashMap<Schedulable, PinnedActor> actors = new ConcurrentHashMap<>();
    private final AtomicInteger threadNumbers = new AtomicInteger();
    /** Producers inside schedule(): stop() waits for them, so none adds an actor after it looked. */
    private final AtomicInteger producersInFlight = new AtomicInteger();

    PinnedDispatcher(String systemName, String id, int budget, long keepAliveMillis, Consumer<Object> events) {
        super(id, PinnedDispatcherProvider.KIND, budget, fault -> {
            LOG.error("turn observer of dispatcher '{}' failed", id, fault);
            events.accept(new DispatcherError(id, fault, null));
        });
        this.threadPrefix = systemName + "-" + id + "-worker-";
        this.keepAliveNanos = TimeUnit.MILLISECONDS.toNanos(keepAliveMillis);
    }

    @Override
    public void start() {
        // Threads are made per actor, on its first message.
    }

    @Override
    public void schedule(Schedulable schedulable) {
        producersInFlight.incrementAndGet();
        try {
            while (true) {
                refuseIfStopping();
                PinnedActor actor = actors.computeIfAbsent(schedulable, s -> new PinnedActor(this, observers(), s));
                if (actor.offer()) {
                    return;
                }
                // The actor timed out and removed itself just now: make a new one.
            }
        } finally {
            producersInFlight.decrementAndGet();
        }
    }

    /**
     * Stops every actor at its next turn boundary; hands back the actors that were waiting for a
     * turn, and those whose last turn yielded with work left.
     */
    @Override
    public List<Schedulable> stop() {
        signalStop();
        while (producersInFlight.get() != 0) {
            Thread.onSpinWait();
        }
        actors.values().forEach(PinnedActor::wake);
        List<Schedulable> unrun = new ArrayList<>();
        for (PinnedActor actor : actors.values()) {
            if (actor.awaitEnd()) {
                unrun.add(actor.schedulable);
            }
        }
        actors.clear();
        return unrun;
    }

    @Override
    public void signalStop() {
        markStopping();
        actors.values().forEach(PinnedActor::wake);
    }

    /** Workers are the actors that have a thread now; this kind keeps no counters. */
    @Override
    public DispatcherStats stats() {
        return new DispatcherStats(actors.size(), 0, 0, List.of(), Map.of());
    }

    /** @return actors that have a thread now */
    int liveActors() {
        return actors.size();
    }

    long keepAliveNanos() {
        return keepAliveNanos;
    }

    /** A daemon thread for an actor, with a fixed context class loader and a last-resort handler. */
    Thread newThread(PinnedActor actor) {
        Thread thread = new Thread(actor, threadPrefix + threadNumbers.incrementAndGet());
        thread.setDaemon(true);
        // Whichever thread scheduled the actor must not leak its class loader into the actor.
        thread.setContextClassLoader(ClassLoader.getSystemClassLoader());
        thread.setUncaughtExceptionHandler((t, failure) ->
                LOG.error("uncaught failure on dispatcher '{}' thread {}", id(), t.getName(), failure));
        return thread;
    }

    void remove(Schedulable schedulable, PinnedActor actor) {
        actors.remove(schedulable, actor);
    }

    @Override
    protected String describe() {
        return ", actors=" + actors.size();
    }
}
