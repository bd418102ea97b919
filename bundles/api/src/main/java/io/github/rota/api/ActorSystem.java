package io.github.rota.api;

import io.github.rota.api.DispatcherCounter;
import io.github.rota.api.spi.ActorSystemProvider;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.concurrent.CompletionStage;
import org.osgi.annotation.versioning.ProviderType;

/**
 * A named group of actors with its dispatchers, mailbox types, event stream and dead letters.
 *
 * <p>On the module path or class path, {@link #create(String)} finds the runtime with
 * {@link ServiceLoader}. In OSGi, the runtime bundle registers an {@code ActorSystem} service.
 */
@ProviderType
public interface ActorSystem {

    /** The name of a system that no configuration names: {@value}. */
    String DEFAULT_NAME = "rota";

    /**
     * The OSGi service property that names the actor system a service belongs to (a dispatcher, a
     * system's health): {@value}.
     *
     * @since 2.3
     */
    String SYSTEM_PROPERTY = "rota.system";

    /**
     * Creates a system with {@link Settings#defaults()}.
     *
     * @param name the system's name: letters, digits, {@code -}, {@code _} or {@code .}
     * @return the running system
     * @throws IllegalArgumentException if the name or a setting is invalid
     * @throws IllegalStateException if no runtime module is installed
     */
    static ActorSystem create(String name) {
        return create(name, Settings.defaults());
    }

    /**
     * Creates and starts an actor system with the runtime module found by {@link java.util.ServiceLoader}.
     *
     * @param name the system's name: letters, digits, {@code -}, {@code _} or {@code .}
     * @param settings the configuration; see {@link Settings} for the keys
     * @return the running system
     * @throws IllegalArgumentException if the name or a setting is invalid; the message names the
     *         key and the value
     * @throws IllegalStateException if no runtime module is installed
     */
    static ActorSystem create(String name, Settings settings) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(settings, "settings");
        ActorSystemProvider provider = ServiceLoader.load(ActorSystemProvider.class).findFirst()
                .orElseThrow(() -> new IllegalStateException(
                        "no Rota runtime found: put module io.github.rota.runtime on the module path"));
        return provider.create(name, settings);
    }

    /** {@return the system's name} */
    String name();

    /** {@return the settings the system was created with} */
    Settings settings();

    /**
     * Creates a top-level actor, supervised by the system's user guardian with
     * {@link SupervisorStrategy#defaultStrategy()}.
     *
     * @param props how to create and run the actor
     * @param name a name unique among the live top-level actors
     * @param <M> the actor's message type
     * @return the actor's reference
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if the name is taken or invalid, or the props name an
     *         unknown dispatcher or mailbox type
     * @throws IllegalStateException if the system is terminating
     */
    <M> ActorRef<M> spawn(Props<M> props, String name);

    /**
     * Stops an actor: its children first, then its {@link Actor#postStop}. Messages still queued
     * become dead letters. Asynchronous; watch the actor to know when it has stopped.
     *
     * @param ref the actor
     */
    void stop(ActorRef<?> ref);

    /**
     * Stops every actor, then the dispatchers. Idempotent.
     *
     * @return a stage completed when every actor has stopped and every dispatcher thread has ended
     */
    CompletionStage<Void> terminate();

    /** {@return a stage completed when termination has finished} */
    CompletionStage<Void> whenTerminated();

    /** {@return the system's event stream} */
    EventStream eventStream();

    /**
     * The system's scheduler, for tasks and messages after a delay.
     *
     * @return the scheduler
     * @since 2.6
     */
    Scheduler scheduler();

    /** {@return the number of dead letters since the system started} */
    long deadLetterCount();

    /** {@return the system at a glance: live actors, dead letters, uptime, defaults, dispatchers} */
    SystemStatus status();

    /**
     * The actors with the most messages waiting, for operators looking for a hot spot. Walks every
     * live actor: meant for a console, not for a hot path.
     *
     * @param limit how many to return, at least 1
     * @return at most {@code limit} actors, deepest mailbox first
     * @throws IllegalArgumentException if {@code limit < 1}
     */
    java.util.List<MailboxDepth> largestMailboxes(int limit);

    /**
     * The user messages this system's dispatchers have handled, added up: for a per-system
     * processed-messages metric. Dispatchers of the kinds that count them (work-stealing; others when
     * metered) add to it; one that was replaced under its id counts from zero again, as a counter that
     * resets. It is the dispatchers' count, not the actors': a dispatcher that other actor systems
     * use too (in OSGi every system binds the same dispatcher services) counts their messages as
     * well, so add it up over systems only where they share no dispatcher.
     *
     * @return the sum of the {@link DispatcherCounter#MESSAGES} counters of the dispatchers serving now
     * @since 2.1
     */
    default long processedMessageCount() {
        long sum = 0;
        for (String id : status().dispatcherIds()) {
            sum += dispatcher(id).map(view -> view.counter(DispatcherCounter.MESSAGES)).orElse(0L);
        }
        return sum;
    }

    /**
     * The actors tracked now, whose paths match {@value Settings#METRICS_ACTORS}: for a metrics
     * reporter, which reads this list now and then (it changes as tracked actors are spawned and stop).
     *
     * @return the tracked actors' metrics, in no particular order; empty if no pattern is set
     * @since 2.1
     */
    default java.util.List<ActorMetrics> trackedActors() {
        return java.util.List.of();
    }

    /**
     * Reports the timings the system samples from its dispatchers to {@code listener} from now on:
     * once a second per dispatcher the time a probe waited in its queue, and the length of about one
     * turn in 64. The system samples only while at least one listener is added, and follows a
     * dispatcher replaced under its id within a second. A listener that throws is removed and the
     * failure logged; the dispatchers are not affected. Adding one that is already added does
     * nothing, and so does adding one to a system that has terminated.
     *
     * @param listener what receives the timings
     * @throws NullPointerException if {@code listener} is null
     * @since 2.2
     */
    void addDispatcherSampleListener(DispatcherSampleListener listener);

    /**
     * Stops reporting to {@code listener}; nothing if it was not added. A sample a worker is
     * reporting at that moment may still arrive. With the last one removed, the system stops sampling.
     *
     * @param listener a listener added before
     * @since 2.2
     */
    void removeDispatcherSampleListener(DispatcherSampleListener listener);

    /**
     * Looks up a dispatcher of this system, to read: application code sees what it is and its
     * counters, and cannot schedule on, retune or stop a dispatcher other actors share.
     *
     * @param id a dispatcher id, e.g. {@code default}
     * @return a view of the dispatcher serving that id now, if one is bound
     */
    Optional<DispatcherView> dispatcher(String id);
}
