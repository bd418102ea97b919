package io.github.rota.runtime;

import io.github.rota.api.Actor;
import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.DeadLetter;
import io.github.rota.api.DispatcherError;
import io.github.rota.api.EventStream;
import io.github.rota.api.Props;
import io.github.rota.api.ReceiveContext;
import io.github.rota.api.Settings;
import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.mailbox.MailboxType;
import io.github.rota.spi.pool.EnvelopePool;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An actor system: the user guardian (parent of every top-level actor), the dispatchers by id, the
 * mailbox types by id, the envelope pool, the event stream, dead letters and one scheduler thread
 * for ask timeouts. Termination stops the guardian (and so every actor, children first), then the
 * dispatchers, then the scheduler.
 */
final class RotaActorSystem implements ActorSystem {

    private static final Logger LOG = LoggerFactory.getLogger(RotaActorSystem.class);

    private final String name;
    private final Settings settings;
    private final RuntimeConfig config;
    private final Map<String, Dispatcher> dispatchers;
    private final Map<String, MailboxType> mailboxTypes;
    private final EnvelopePool envelopes;
    private final RotaEventStream eventStream;
    private final LongAdder deadLetters = new LongAdder();
    private final AtomicLong uids = new AtomicLong();
    private final AtomicLong askNames = new AtomicLong();
    private final ScheduledThreadPoolExecutor scheduler;
    private final ActorCell<Object> guardian;
    private final AtomicBoolean terminating = new AtomicBoolean();
    private final CompletableFuture<Void> terminated = new CompletableFuture<>();

    RotaActorSystem(String name, Settings settings, RuntimeConfig config, Map<String, Dispatcher> dispatchers,
                    Map<String, MailboxType> mailboxTypes, EnvelopePool envelopes, RotaEventStream eventStream) {
        this.name = name;
        this.eventStream = eventStream;
        this.settings = settings;
        this.config = config;
        this.dispatchers = Map.copyOf(dispatchers);
        this.mailboxTypes = Map.copyOf(mailboxTypes);
        this.envelopes = envelopes;
        this.scheduler = new ScheduledThreadPoolExecutor(1, task -> {
            Thread thread = new Thread(task, name + "-scheduler");
            thread.setDaemon(true);
            return thread;
        });
        this.scheduler.setRemoveOnCancelPolicy(true);
        this.guardian = newCell(null, Props.create(Guardian::new), "user");
    }

    void start() {
        dispatchers.values().forEach(Dispatcher::start);
        guardian.start();
        LOG.info("actor system '{}' started: dispatchers {}, default mailbox '{}', envelope pool {}",
                name, dispatchers.keySet(), config.defaultMailbox(), envelopes.getClass().getSimpleName());
    }

    <M> ActorCell<M> newCell(ActorCell<?> parent, Props<M> props, String actorName) {
        String path = parent == null ? "rota://" + name + "/" + actorName : parent.self.path() + "/" + actorName;
        String dispatcherId = props.dispatcherId() != null ? props.dispatcherId() : config.defaultDispatcher();
        Dispatcher dispatcher = dispatchers.get(dispatcherId);
        if (dispatcher == null) {
            throw new IllegalArgumentException("cannot spawn " + path + ": unknown dispatcher id '" + dispatcherId
                    + "'; configured: " + new java.util.TreeSet<>(dispatchers.keySet()));
        }
        String mailboxId = props.mailboxId() != null ? props.mailboxId() : config.defaultMailbox();
        MailboxType mailboxType = mailboxTypes.get(mailboxId);
        if (mailboxType == null) {
            throw new IllegalArgumentException("cannot spawn " + path + ": unknown mailbox '" + mailboxId
                    + "'; known: " + new java.util.TreeSet<>(mailboxTypes.keySet()));
        }
        return new ActorCell<>(this, parent, path, actorName, uids.incrementAndGet(), props, dispatcher,
                mailboxType.create(envelopes), envelopes, envelopes.assignHomeShard());
    }

    /** @return whether turns check that their envelope was not recycled under them ({@code rota.pool.debug}) */
    boolean checksEnvelopes() {
        return config.poolDebug();
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Settings settings() {
        return settings;
    }

    @Override
    public <M> ActorRef<M> spawn(Props<M> props, String actorName) {
        if (terminating.get()) {
            throw new IllegalStateException("cannot spawn '" + actorName + "': actor system '" + name + "' is terminating");
        }
        return guardian.spawnChild(props, actorName);
    }

    @Override
    public void stop(ActorRef<?> ref) {
        Objects.requireNonNull(ref, "ref");
        if (!(ref instanceof LocalActorRef)) {
            throw new IllegalArgumentException("cannot stop " + ref.path() + ": not an actor");
        }
        ((LocalActorRef<?>) ref).cell.sendSystem(SystemMessage.terminate());
    }

    @Override
    public CompletionStage<Void> terminate() {
        if (terminating.compareAndSet(false, true)) {
            LOG.info("actor system '{}' terminating", name);
            guardian.sendSystem(SystemMessage.terminate());
        }
        return whenTerminated();
    }

    @Override
    public CompletionStage<Void> whenTerminated() {
        return terminated.minimalCompletionStage();
    }

    /** Called on the guardian's last turn: every actor has stopped. Stops the threads elsewhere. */
    void guardianStopped() {
        terminating.set(true);
        scheduler.execute(() -> {
            for (Dispatcher dispatcher : dispatchers.values()) {
                try {
                    // Every actor has stopped, so whatever is handed back belongs to closed cells,
                    // whose turns would do nothing.
                    int unrun = dispatcher.stop().size();
                    if (unrun > 0) {
                        LOG.debug("dispatcher '{}' handed back {} stopped actors", dispatcher.id(), unrun);
                    }
                } catch (RuntimeException e) {
                    LOG.error("dispatcher '{}' failed to stop", dispatcher.id(), e);
                }
            }
            // Pending ask timeouts still fire; then the scheduler thread ends.
            scheduler.shutdown();
            LOG.info("actor system '{}' terminated ({} dead letters)", name, deadLetters.sum());
            terminated.complete(null);
        });
    }

    @Override
    public EventStream eventStream() {
        return eventStream;
    }

    @Override
    public long deadLetterCount() {
        return deadLetters.sum();
    }

    @Override
    public Optional<Dispatcher> dispatcher(String id) {
        return Optional.ofNullable(dispatchers.get(Objects.requireNonNull(id, "id")));
    }

    /** @return ask timeouts not yet fired or cancelled */
    int pendingTimers() {
        return scheduler.getQueue().size();
    }

    /** @return live top-level actors */
    int userActorCount() {
        return guardian.childCount();
    }

    @SuppressWarnings("unchecked")
    <M, R> CompletionStage<R> ask(ActorRef<M> target, M message, Duration timeout) {
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("ask timeout must be positive, was " + timeout);
        }
        String askName = "$ask-" + askNames.incrementAndGet();
        PromiseRef promise = new PromiseRef(this, askName, "rota://" + name + "/temp/" + askName);
        CompletableFuture<Object> future = promise.future();
        try {
            ScheduledFuture<?> timer = scheduler.schedule(() -> promise.timeOut(target, timeout),
                    timeout.toNanos(), TimeUnit.NANOSECONDS);
            future.whenComplete((reply, failure) -> timer.cancel(false));
        } catch (RejectedExecutionException e) {
            future.completeExceptionally(new IllegalStateException("actor system '" + name + "' has terminated"));
        }
        target.tell(message, promise);
        return (CompletionStage<R>) future.minimalCompletionStage();
    }

    void deadLetter(Object message, ActorRef<?> sender, ActorRef<?> recipient, DeadLetter.Reason reason) {
        deadLetters.increment();
        if (message instanceof DeadLetter) {
            return; // a dead letter about a dead letter is counted, never republished
        }
        LOG.debug("dead letter ({}): {} from {} to {}", reason, message, sender, recipient);
        eventStream.publish(new DeadLetter(message, sender, recipient, reason));
    }

    void dispatcherError(String dispatcherId, Throwable cause, ActorRef<?> actor) {
        LOG.error("dispatcher '{}' fault on the turn of {}", dispatcherId, actor == null ? "no actor" : actor.path(), cause);
        eventStream.publish(new DispatcherError(dispatcherId, cause, actor));
    }

    /** A system message reached a stopped actor. Only a watch needs an answer: the actor is gone. */
    void undeliverable(ActorCell<?> stopped, SystemMessage message) {
        if (message.kind == SystemMessage.Kind.WATCH) {
            message.cell.sendSystem(SystemMessage.deathWatchNotification(stopped));
        }
    }

    /** The user guardian: parent of the top-level actors. Nobody can address messages to it on purpose. */
    private final class Guardian implements Actor<Object> {
        @Override
        public void receive(ReceiveContext<Object> context) {
            deadLetter(context.message(), context.sender(), context.self(), DeadLetter.Reason.NO_RECIPIENT);
        }
    }
}
