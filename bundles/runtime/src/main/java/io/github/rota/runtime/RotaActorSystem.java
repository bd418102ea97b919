package io.github.rota.runtime;

import io.github.rota.api.Actor;
import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.DeadLetter;
import io.github.rota.api.DispatcherError;
import io.github.rota.api.DispatcherView;
import io.github.rota.api.EventStream;
import io.github.rota.api.MailboxDepth;
import io.github.rota.api.PoisonPill;
import io.github.rota.api.Props;
import io.github.rota.api.ReceiveContext;
import io.github.rota.api.Settings;
import io.github.rota.api.SystemStatus;
import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.mailbox.MailboxType;
import io.github.rota.spi.pool.EnvelopePool;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Queue;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An actor system: the user guardian (parent of every top-level actor), a {@link DispatcherSlot} per
 * dispatcher id, the mailbox types by id, the envelope pool, the event stream, dead letters and one
 * scheduler thread for ask timeouts. Termination stops the guardian (and so every actor, children
 * first), then the dispatchers the system owns, then the scheduler.
 *
 * <p>On the module path the system creates and owns its dispatchers; in OSGi they are services that
 * are bound and unbound while actors run, and the mailbox types and envelope pool likewise.
 */
final class RotaActorSystem implements ActorSystem {

    private static final Logger LOG = LoggerFactory.getLogger(RotaActorSystem.class);
    /** How often ask timeouts are checked: a timeout fires up to this much late. */
    static final long ASK_TICK_MILLIS = 10;

    private final String name;
    private final Settings settings;
    private final boolean ownsDispatchers;
    private final ConcurrentMap<String, DispatcherSlot> slots = new ConcurrentHashMap<>();
    private final ConcurrentMap<String, MailboxType> mailboxTypes;
    private final RotaEventStream eventStream;
    private final LongAdder deadLetters = new LongAdder();
    private final AtomicLong uids = new AtomicLong();
    private final LongAdder liveActors = new LongAdder();
    private final long startNanos = System.nanoTime();
    private final AtomicLong askNames = new AtomicLong();
    /** Asks waiting for their reply, checked for timeouts on every tick. */
    private final Queue<PromiseRef> pendingAsks = new ConcurrentLinkedQueue<>();
    private final ScheduledThreadPoolExecutor scheduler;
    private final ActorCell<Object> guardian;
    private final AtomicBoolean terminating = new AtomicBoolean();
    private final CompletableFuture<Void> terminated = new CompletableFuture<>();
    private volatile String defaultDispatcher;
    private volatile String defaultMailbox;
    private volatile EnvelopePool envelopes;
    private volatile boolean checksEnvelopes;

    /**
     * @param dispatchers the dispatchers bound from the start
     * @param ownsDispatchers {@code true} (module path): the system created {@code dispatchers}, starts
     *                        them, stops them at termination, and knows no other ids; {@code false}
     *                        (OSGi): dispatchers are services {@linkplain #bindDispatcher bound} and
     *                        unbound as they come and go, and actors on an id with none bound wait
     * @param mailboxTypes the mailbox types by id
     */
    RotaActorSystem(String name, Settings settings, String defaultDispatcher, String defaultMailbox,
                    Collection<Dispatcher> dispatchers, boolean ownsDispatchers, Map<String, MailboxType> mailboxTypes,
                    EnvelopePool envelopes, boolean checksEnvelopes, RotaEventStream eventStream) {
        this.name = name;
        this.eventStream = eventStream;
        this.settings = settings;
        this.defaultDispatcher = defaultDispatcher;
        this.defaultMailbox = defaultMailbox;
        this.ownsDispatchers = ownsDispatchers;
        this.mailboxTypes = new ConcurrentHashMap<>(mailboxTypes);
        this.envelopes = envelopes;
        this.checksEnvelopes = checksEnvelopes;
        for (Dispatcher dispatcher : dispatchers) {
            slot(dispatcher.id()).bind(dispatcher);
        }
        this.scheduler = new ScheduledThreadPoolExecutor(1, task -> {
            Thread thread = new Thread(task, name + "-scheduler");
            thread.setDaemon(true);
            return thread;
        });
        this.scheduler.scheduleWithFixedDelay(this::expireAsks, ASK_TICK_MILLIS, ASK_TICK_MILLIS, TimeUnit.MILLISECONDS);
        this.guardian = newCell(null, Props.create(Guardian::new), "user");
    }

    void start() {
        if (ownsDispatchers) {
            slots.values().forEach(slot -> slot.current().ifPresent(Dispatcher::start));
        }
        guardian.start();
        LOG.info("actor system '{}' started: dispatchers {}, default mailbox '{}', envelope pool {}",
                name, new TreeSet<>(slots.keySet()), defaultMailbox, envelopes.getClass().getSimpleName());
    }

    <M> ActorCell<M> newCell(ActorCell<?> parent, Props<M> props, String actorName) {
        String dispatcherId = props.dispatcherId() != null ? props.dispatcherId() : defaultDispatcher;
        DispatcherSlot slot = ownsDispatchers ? slots.get(dispatcherId) : slot(dispatcherId);
        if (slot == null) {
            throw new IllegalArgumentException("cannot spawn " + pathOf(parent, actorName) + ": unknown dispatcher id '" + dispatcherId
                    + "'; configured: " + new TreeSet<>(slots.keySet()));
        }
        if (slot.announceWait()) {
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
        liveActors.increment();
        return new ActorCell<>(this, parent, actorName, uids.incrementAndGet(), props, slot,
                mailboxType.create(pool), pool, pool.assignHomeShard());
    }

    private String pathOf(ActorCell<?> parent, String actorName) {
        return parent == null ? "rota://" + name + "/" + actorName : parent.self.path() + "/" + actorName;
    }

    private DispatcherSlot slot(String id) {
        return slots.computeIfAbsent(id, DispatcherSlot::new);
    }

    // ---------------------------------------------------------------- services coming and going (OSGi)

    /** A dispatcher service appeared: actors on its id (and those waiting for it) now run on it. */
    void bindDispatcher(Dispatcher dispatcher) {
        slot(dispatcher.id()).bind(dispatcher);
        LOG.info("actor system '{}': dispatcher '{}' ({}) bound", name, dispatcher.id(), dispatcher.kind());
    }

    /**
     * A dispatcher service is going away. With {@code stop}, stops it and moves the actors it had
     * queued to its replacement (or parks them until one is bound); without, only detaches it.
     */
    void unbindDispatcher(Dispatcher dispatcher, boolean stop) {
        DispatcherSlot slot = slots.get(dispatcher.id());
        if (slot != null) {
            int moved = slot.unbind(dispatcher, stop);
            LOG.info("actor system '{}': dispatcher '{}' unbound, {} queued actors moved{}", name, dispatcher.id(),
                    moved, slot.current().isPresent() ? " to its replacement" : "; actors wait for a replacement");
        }
    }

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
        return slots.values().stream().mapToInt(DispatcherSlot::waiting).sum();
    }

    /** @return whether turns check that their envelope was not recycled under them ({@code rota.pool.debug}) */
    boolean checksEnvelopes() {
        return checksEnvelopes;
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
            for (DispatcherSlot slot : slots.values()) {
                Optional<Dispatcher> dispatcher = slot.current();
                if (!ownsDispatchers || dispatcher.isEmpty()) {
                    continue; // services belong to their components
                }
                try {
                    // Every actor has stopped, so whatever is handed back belongs to closed cells,
                    // whose turns would do nothing.
                    int unrun = dispatcher.get().stop().size();
                    if (unrun > 0) {
                        LOG.debug("dispatcher '{}' handed back {} stopped actors", slot.id(), unrun);
                    }
                } catch (RuntimeException e) {
                    LOG.error("dispatcher '{}' failed to stop", slot.id(), e);
                }
            }
            // Every actor has stopped: no reply can come any more. Termination completes once those
            // asks have failed (their stages complete on another thread).
            List<CompletableFuture<?>> failedAsks = new ArrayList<>();
            for (PromiseRef promise = pendingAsks.poll(); promise != null; promise = pendingAsks.poll()) {
                promise.fail(new IllegalStateException(
                        "actor system '" + name + "' terminated before " + promise.target().path() + " replied"));
                failedAsks.add(promise.answer());
            }
            scheduler.shutdown();
            LOG.info("actor system '{}' terminated ({} dead letters)", name, deadLetters.sum());
            CompletableFuture.allOf(failedAsks.toArray(CompletableFuture[]::new))
                    .whenComplete((done, failure) -> terminated.complete(null));
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
    public Optional<DispatcherView> dispatcher(String id) {
        return boundDispatcher(id).map(ReadOnlyDispatcher::new);
    }

    /** @return the dispatcher serving {@code id} now, if one is bound: the runtime's own, and its tests' */
    Optional<Dispatcher> boundDispatcher(String id) {
        DispatcherSlot slot = slots.get(Objects.requireNonNull(id, "id"));
        return slot == null ? Optional.empty() : slot.current();
    }

    /** A cell has stopped for good. */
    void actorStopped() {
        liveActors.decrement();
    }

    @Override
    public SystemStatus status() {
        return new SystemStatus(liveActors.sum(), deadLetters.sum(), Duration.ofNanos(System.nanoTime() - startNanos),
                defaultDispatcher, defaultMailbox, new TreeSet<>(slots.keySet()), waitingForDispatcher());
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
        return pendingAsks.size();
    }

    /**
     * Times out the asks whose deadline has passed and forgets the answered ones; runs every
     * {@value #ASK_TICK_MILLIS} ms on the scheduler thread. A tick instead of a timer per ask: a
     * timer is a lock and often a wake-up of the scheduler thread per ask, several microseconds.
     */
    private void expireAsks() {
        long now = System.nanoTime();
        pendingAsks.removeIf(promise -> promise.expireIfDue(now));
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
        PromiseRef promise = new PromiseRef(this, askNames.incrementAndGet(), target, timeout);
        pendingAsks.add(promise);
        if (terminated.isDone()) {
            pendingAsks.remove(promise);
            promise.fail(new IllegalStateException("actor system '" + name + "' has terminated"));
            return (CompletionStage<R>) promise.answer();
        }
        target.tell(message, promise);
        return (CompletionStage<R>) promise.answer();
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

    /**
     * A system message reached a stopped actor. A watch needs an answer (the actor is gone), and a
     * PoisonPill, which a user sent, becomes a dead letter; the others have nothing left to do.
     */
    void undeliverable(ActorCell<?> stopped, SystemMessage message) {
        if (message.kind == SystemMessage.Kind.WATCH) {
            message.cell.sendSystem(SystemMessage.deathWatchNotification(stopped));
        } else if (message.kind == SystemMessage.Kind.POISON_PILL) {
            deadLetter(PoisonPill.INSTANCE, message.sender, stopped.self, DeadLetter.Reason.RECIPIENT_STOPPED);
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
