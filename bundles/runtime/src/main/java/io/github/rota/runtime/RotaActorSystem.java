package io.github.rota.runtime;

import io.github.rota.api.Actor;
import io.github.rota.api.ActorMetrics;
import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.DeadLetter;
import io.github.rota.api.DispatcherError;
import io.github.rota.api.DispatcherSampleListener;
import io.github.rota.api.DispatcherView;
import io.github.rota.api.EventStream;
import io.github.rota.api.MailboxDepth;
import io.github.rota.api.Props;
import io.github.rota.api.ReceiveContext;
import io.github.rota.api.Scheduler;
import io.github.rota.api.Settings;
import io.github.rota.api.SystemStatus;
import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.mailbox.Mailbox;
import io.github.rota.spi.mailbox.MailboxType;
import io.github.rota.spi.pool.EnvelopePool;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An actor system: the user guardian (parent of every top-level actor), its {@link Dispatchers},
 * the mailbox types by id, the envelope pool, the event stream, dead letters and one scheduler
 * thread for ask timeouts and the dispatchers' {@linkplain DispatcherSampling sampling}.
 * Termination stops the guardian (and so every actor, children first), then the dispatchers the
 * system owns (none in OSGi), then the scheduler.
 *
 * <p>In OSGi the mailbox types and the envelope pool are services too, bound and unbound while
 * actors run.
 */
final class RotaActorSystem implements ActorSystem, TurnSink {

    private static final Logger LOG = LoggerFactory.getLogger(RotaActorSystem.class);

    private final String name;
    private final Settings settings;
    private final Dispatchers dispatchers;
    private final ConcurrentMap<String, MailboxType> mailboxTypes;
    private final RotaEventStream eventStream;
    private final DeadLetters deadLetters;
    private final AtomicInteger uids = new AtomicInteger();
    private final LongAdder liveActors = new LongAdder();
    private final long startNanos = System.nanoTime();
    /** Runs the ask tick and, at the end, termination, off the actors' threads. */
    private final ScheduledThreadPoolExecutor scheduler;
    private final RotaScheduler userScheduler;
    /** The timers of the actors that have any; see {@link ActorTimers}. */
    private final Map<ActorCell<?>, ActorTimers<?>> timers = new ConcurrentHashMap<>();
    private final PendingAsks asks;
    private final DispatcherSampling sampling;
    private final ActorCell<Object> guardian;
    private final AtomicBoolean terminating = new AtomicBoolean();
    private final CompletableFuture<Void> terminated = new CompletableFuture<>();
    private volatile String defaultDispatcher;
    private volatile String defaultMailbox;
    private volatile EnvelopePool envelopes;
    private volatile boolean checksEnvelopes;
    private volatile ActorTracking tracking;
    /** The meters of the tracked actors that are live, and the slots they (and cells being spawned) take. */
    private final Set<ActorMeter> trackedActors = ConcurrentHashMap.newKeySet();
    private final AtomicInteger trackedSlots = new AtomicInteger();
    private final AtomicBoolean warnedTrackingFull = new AtomicBoolean();

    /**
     * @param dispatchers the system's dispatchers: owned ({@link Dispatchers#fixed}, the module
     *                    path) or services ({@link Dispatchers#bound}, OSGi)
     * @param mailboxTypes the mailbox types by id
     */
    RotaActorSystem(String name, Settings settings, String defaultDispatcher, String defaultMailbox,
                    Dispatchers dispatchers, Map<String, MailboxType> mailboxTypes,
                    EnvelopePool envelopes, boolean checksEnvelopes, RotaEventStream eventStream, ActorTracking tracking) {
        this.name = name;
        this.eventStream = eventStream;
        this.deadLetters = new DeadLetters(eventStream);
        this.settings = settings;
        this.defaultDispatcher = defaultDispatcher;
        this.defaultMailbox = defaultMailbox;
        this.dispatchers = dispatchers;
        this.mailboxTypes = new ConcurrentHashMap<>(mailboxTypes);
        this.envelopes = envelopes;
        this.checksEnvelopes = checksEnvelopes;
        this.tracking = tracking;
        this.scheduler = new ScheduledThreadPoolExecutor(1, task -> {
            Thread thread = new Thread(task, name + "-scheduler");
            thread.setDaemon(true);
            return thread;
        });
        // Scheduled tasks and timers do not outlive the system; cancelled ones leave its queue at once.
        this.scheduler.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        this.scheduler.setRemoveOnCancelPolicy(true);
        this.userScheduler = new RotaScheduler(name, scheduler);
        this.asks = new PendingAsks();
        asks.startTicking(scheduler);
        this.sampling = new DispatcherSampling(dispatchers, scheduler);
        this.guardian = newCell(null, Props.create(Guardian::new), "user");
        beingSpawned(guardian);
        actorSpawned();
    }

    void start() {
        dispatchers.start();
        guardian.start();
        // A library says nothing at INFO about its own lifecycle: the application, or the container
        // that owns the system (ActorSystemComponent in OSGi), says it if its operators want it.
        LOG.debug("actor system '{}' started: {}", name, description());
    }

    /** {@return what the system runs on, for a start-up line: its dispatchers, default mailbox and envelope pool} */
    String description() {
        return "dispatchers " + dispatchers.ids() + ", default mailbox '" + defaultMailbox + "', envelope pool "
                + envelopes.getClass().getSimpleName();
    }

    <M> ActorCell<M> newCell(ActorCell<?> parent, Props<M> props, String actorName) {
        String dispatcherId = props.dispatcherId() != null ? props.dispatcherId() : defaultDispatcher;
        DispatcherBinding<TurnLoop> binding = dispatchers.bindingFor(dispatcherId);
        if (binding == null) {
            throw new IllegalArgumentException("cannot spawn " + pathOf(parent, actorName) + ": unknown dispatcher id '" + dispatcherId
                    + "'; configured: " + dispatchers.ids());
        }
        if (binding.announceWait()) {
            LOG.warn("{} is on dispatcher '{}', which is not bound: it and the other actors there wait until that"
                    + " dispatcher appears", pathOf(parent, actorName), dispatcherId);
        }
        String mailboxId = props.mailboxId() != null ? props.mailboxId() : defaultMailbox;
        MailboxType mailboxType = mailboxTypes.get(mailboxId);
        if (mailboxType == null) {
            throw new IllegalArgumentException("cannot spawn " + pathOf(parent, actorName) + ": unknown mailbox '" + mailboxId
                    + "'; known: " + new TreeSet<>(mailboxTypes.keySet()));
        }
        EnvelopePool pool = envelopes;
        Mailbox mailbox = mailboxType.create(pool);
        int homeShard = pool.assignHomeShard();
        int uid = uids.incrementAndGet();
        ActorTracking tracked = tracking;
        // Last, after everything that can fail: a slot taken is given back only by the cell.
        int sampleInterval = tracked.filter().matches(parent, actorName) && takeTrackedSlot(tracked, parent, actorName)
                ? tracked.sampleInterval() : 0;
        return new ActorCell<>(this, parent, actorName, uid, props, binding, mailbox, pool, homeShard, checksEnvelopes,
                sampleInterval);
    }

    /** A slot for a tracked actor, unless {@code maxActors} are tracked already (said once, at WARN). */
    private boolean takeTrackedSlot(ActorTracking tracked, ActorCell<?> parent, String actorName) {
        if (trackedSlots.incrementAndGet() <= tracked.maxActors()) {
            return true;
        }
        trackedSlots.decrementAndGet();
        if (warnedTrackingFull.compareAndSet(false, true)) {
            LOG.warn("{} matches {} but is not tracked: {} actors are tracked already, the most {} allows;"
                    + " further actors past the limit are not reported", pathOf(parent, actorName), Settings.METRICS_ACTORS,
                    tracked.maxActors(), Settings.METRICS_MAX_ACTORS);
        }
        return false;
    }

    /** {@return the path actor {@code actorName} would have below {@code parent} (the top if {@code null})} */
    private String pathOf(ActorCell<?> parent, String actorName) {
        return ActorNames.path(parent == null ? null : parent.self, name, actorName);
    }

    /** Which actors spawned from now on are tracked; those tracked already stay so. */
    void useActorTracking(ActorTracking next) {
        this.tracking = next;
        warnedTrackingFull.set(false);
    }

    // ---------------------------------------------------------------- services coming and going (OSGi)

    void bindMailboxType(MailboxType type) {
        mailboxTypes.put(type.id(), type);
    }

    /** Existing mailboxes of this type keep working; new actors can no longer get one. */
    void unbindMailboxType(MailboxType type) {
        mailboxTypes.remove(type.id(), type);
    }

    /** The pool new actors take their envelopes from; existing actors keep theirs. */
    void useEnvelopePool(EnvelopePool pool, boolean checks) {
        this.envelopes = pool;
        this.checksEnvelopes = checks;
    }

    void setDefaults(String defaultDispatcher, String defaultMailbox) {
        this.defaultDispatcher = defaultDispatcher;
        this.defaultMailbox = defaultMailbox;
    }

    /** @return actors waiting for their dispatcher to be bound */
    int waitingForDispatcher() {
        return dispatchers.waiting();
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
        ((LocalActorRef<?>) ref).cell().sendSystem(SystemMessage.terminate());
    }

    @Override
    public CompletionStage<Void> terminate() {
        if (terminating.compareAndSet(false, true)) {
            LOG.debug("actor system '{}' terminating", name);
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
            sampling.close();
            dispatchers.stop();
            // Every actor has stopped: no reply can come any more. Termination completes once those
            // asks have failed (their stages complete on another thread).
            List<CompletableFuture<?>> failedAsks = asks.failAll(name);
            scheduler.shutdown();
            LOG.debug("actor system '{}' terminated ({} dead letters)", name, deadLetters.count());
            CompletableFuture.allOf(failedAsks.toArray(CompletableFuture[]::new))
                    .whenComplete((done, failure) -> terminated.complete(null));
        });
    }

    @Override
    public EventStream eventStream() {
        return eventStream;
    }

    @Override
    public Scheduler scheduler() {
        return userScheduler;
    }

    /** On {@code cell}'s turn: its timers, made on first use. */
    @SuppressWarnings("unchecked")
    <M> ActorTimers<M> timersOf(ActorCell<M> cell) {
        return (ActorTimers<M>) timers.computeIfAbsent(cell, c -> new ActorTimers<>(c.turns, userScheduler));
    }

    /** On {@code cell}'s turn: its timers if it has any, else {@code null}. */
    ActorTimers<?> existingTimersOf(ActorCell<?> cell) {
        return timers.get(cell);
    }

    /** On {@code cell}'s turn, as it stops or restarts: cancels its timers and forgets them. */
    void cancelTimersOf(ActorCell<?> cell) {
        ActorTimers<?> cancelled = timers.remove(cell);
        if (cancelled != null) {
            cancelled.cancelAll();
        }
    }

    @Override
    public long deadLetterCount() {
        return deadLetters.count();
    }

    @Override
    public Optional<DispatcherView> dispatcher(String id) {
        return boundDispatcher(id).map(ReadOnlyDispatcher::new);
    }

    @Override
    public void addDispatcherSampleListener(DispatcherSampleListener listener) {
        sampling.add(listener);
    }

    @Override
    public void removeDispatcherSampleListener(DispatcherSampleListener listener) {
        sampling.remove(listener);
    }

    /** @return the dispatcher serving {@code id} now, if one is bound: the runtime's own, and its tests' */
    Optional<Dispatcher> boundDispatcher(String id) {
        return dispatchers.current(Objects.requireNonNull(id, "id"));
    }

    /**
     * A cell made by {@link #newCell} is about to be taken in by its parent: a tracked one is listed
     * from now on, before anyone can stop it, until {@link #cellRefused} or {@link #actorStopped}.
     */
    void beingSpawned(ActorCell<?> cell) {
        ActorMeter meter = cell.meter();
        if (meter != null) {
            trackedActors.add(meter);
        }
    }

    /**
     * A cell was taken in by its parent: it is live until {@link #actorStopped}. Not when it is
     * made, as a parent that is stopping refuses a cell made for it, which never runs
     * ({@link #cellRefused}).
     */
    void actorSpawned() {
        liveActors.increment();
    }

    /** A cell made by {@link #newCell} was refused by its parent: it never runs. */
    void cellRefused(ActorCell<?> cell) {
        untrack(cell);
    }

    /** A cell has stopped for good. */
    void actorStopped(ActorCell<?> cell) {
        liveActors.decrement();
        untrack(cell);
    }

    /** The cell's tracking slot is given back once, by whoever takes its meter out of the list. */
    private void untrack(ActorCell<?> cell) {
        ActorMeter meter = cell.meter();
        if (meter != null && trackedActors.remove(meter)) {
            trackedSlots.decrementAndGet();
        }
    }

    @Override
    public List<ActorMetrics> trackedActors() {
        return List.copyOf(trackedActors);
    }

    @Override
    public SystemStatus status() {
        return new SystemStatus(liveActors.sum(), deadLetters.count(), Duration.ofNanos(System.nanoTime() - startNanos),
                defaultDispatcher, defaultMailbox, dispatchers.ids(), waitingForDispatcher());
    }

    @Override
    public List<MailboxDepth> largestMailboxes(int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1, was " + limit);
        }
        List<MailboxDepth> all = new ArrayList<>();
        guardian.collectMailboxDepths(all);
        all.sort(Comparator.comparingInt(MailboxDepth::depth).reversed());
        return List.copyOf(all.subList(0, Math.min(limit, all.size())));
    }

    /** @return asks not yet answered, timed out or swept */
    int pendingTimers() {
        return asks.size();
    }

    /** @return live top-level actors */
    int userActorCount() {
        return guardian.childCount();
    }

    @SuppressWarnings("unchecked")
    <M, R> CompletionStage<R> ask(ActorRef<M> target, M message, Duration timeout) {
        Objects.requireNonNull(message, "message");
        return askFor(target, replyTo -> message, timeout);
    }

    /** The typed ask: {@code request} gets the promise, which the reply's type is unchecked against here. */
    @SuppressWarnings("unchecked")
    <M, R> CompletionStage<R> askFor(ActorRef<M> target, Function<? super ActorRef<R>, ? extends M> request, Duration timeout) {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("ask timeout must be positive, was " + timeout);
        }
        PromiseRef promise = new PromiseRef(name, deadLetters, asks.nextName(), target, timeout);
        // Built before the ask is registered: a request that throws or is null leaves nothing behind.
        M message = Objects.requireNonNull(request.apply((ActorRef<R>) (ActorRef<?>) promise),
                "the request built from the reply reference is null");
        if (!asks.add(promise)) {
            promise.fail(new IllegalStateException("actor system '" + name + "' has terminated"));
            return (CompletionStage<R>) promise.answer();
        }
        target.tell(message, promise);
        return (CompletionStage<R>) promise.answer();
    }

    @Override
    public void deadLetter(Object message, ActorRef<?> sender, ActorRef<?> recipient, DeadLetter.Reason reason) {
        deadLetters.publish(message, sender, recipient, reason);
    }

    @Override
    public void fault(String dispatcherId, Throwable cause, ActorRef<?> actor) {
        LOG.error("dispatcher '{}' fault on the turn of {}", dispatcherId, actor == null ? "no actor" : actor.path(), cause);
        eventStream.publish(new DispatcherError(dispatcherId, cause, actor));
    }

    /** The user guardian: parent of the top-level actors. Nobody can address messages to it on purpose. */
    private final class Guardian implements Actor<Object> {
        @Override
        public void receive(ReceiveContext<Object> context) {
            deadLetters.publish(context.message(), context.sender(), context.self(), DeadLetter.Reason.NO_RECIPIENT);
        }
    }
}
