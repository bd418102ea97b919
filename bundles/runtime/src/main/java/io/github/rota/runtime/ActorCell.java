package io.github.rota.runtime;

import io.github.rota.api.Actor;
import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.DeadLetter;
import io.github.rota.api.Directive;
import io.github.rota.api.MailboxDepth;
import io.github.rota.api.PoisonPill;
import io.github.rota.api.Props;
import io.github.rota.api.ReceiveContext;
import io.github.rota.api.SupervisorStrategy;
import io.github.rota.api.Terminated;
import io.github.rota.spi.dispatch.Turn;
import io.github.rota.spi.mailbox.Mailbox;
import io.github.rota.spi.pool.EnvelopePool;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.function.BiFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One actor: its instance and lifecycle, supervision of its children and stopping, its death
 * watch, and the context it sees during a turn ({@link ReceiveContext}), so handling a message
 * allocates nothing here. Its mailboxes and the turn loop over them are {@link TurnLoop}'s; its
 * children, death watch, stash and restart count are parts with state of their own
 * ({@link Children}, {@link DeathWatch}, {@link Stash}, {@link RestartWindow}).
 *
 * <p>A failing actor is suspended (system messages still flow, user messages wait) until its
 * supervisor's directive arrives.
 *
 * <p>Threads: confined to the actor's turns (see {@link TurnLoop}), except for the immutable
 * fields, {@link #start}, {@link #systemMessageRefused} (a producer's, once the actor has closed),
 * and what touches only {@link Children}, which guards itself: {@link #spawnChild} (top-level
 * spawns come from any thread), {@link #childCount} and {@link #collectMailboxDepths} (management,
 * any thread). {@code restarts} is confined to the parent's turns. The children's set is made at
 * the first spawn (most actors have no children, and a million of them should not pay for a set),
 * installed by CAS as spawns may race, and read with acquire.
 *
 * <p>Sealed, with one subclass: a {@link TrackedActorCell} carries the metrics of an actor whose path
 * is tracked, so the others keep no field for them.
 */
@SuppressWarnings("serial") // a ForkJoinTask by inheritance (see ScheduleState), never serialized
sealed class ActorCell<M> extends TurnLoop implements ReceiveContext<M>, Children.Child permits TrackedActorCell {

    private static final Logger LOG = LoggerFactory.getLogger(ActorCell.class);
    private static final VarHandle CHILDREN;

    static {
        try {
            CHILDREN = MethodHandles.lookup().findVarHandle(ActorCell.class, "children", Children.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private enum Lifecycle {
        /** CREATE not yet processed. */
        NEW,
        /** Handling user messages. */
        RUNNING,
        /** Failed; waiting for the supervisor's directive. */
        SUSPENDED,
        /** Restarting; waiting for the children to stop. */
        RESTARTING,
        /** Stopping; waiting for the children to stop. */
        STOPPING,
        /** Stopped; the cell is closed. */
        TERMINATED
    }

    final ActorCell<?> parent;
    final LocalActorRef<M> self;
    private final Props<M> props;
    /** {@code null} until the first spawn; see the class comment. */
    private volatile Children<ActorCell<?>> children;
    /** Confined to the parent's turns: this actor's restarts, as a child; made at the first. */
    private RestartWindow restarts;

    // Turn-confined.
    private Actor<M> actor;
    private Lifecycle lifecycle = Lifecycle.NEW;
    private boolean instanceRetired;
    private Throwable restartCause;
    private Object message;
    private ActorRef<?> sender;
    // Made at first use: most actors never stash or watch, and a million of them should not pay for it.
    private Stash stash;
    private DeathWatch<ActorCell<?>, LocalActorRef<?>> deathWatch;
    private boolean reportedInterrupt;

    ActorCell(RotaActorSystem system, ActorCell<?> parent, String name, int uid, Props<M> props,
              DispatcherBinding<TurnLoop> dispatcher, Mailbox mailbox, EnvelopePool envelopes, int homeShard,
              boolean checksEnvelopes) {
        super(system, dispatcher, mailbox, envelopes, homeShard, props.throughput(), checksEnvelopes);
        this.parent = parent;
        this.self = new LocalActorRef<>(this, name, uid);
        this.props = props;
    }

    void start() {
        sendSystem(SystemMessage.create());
    }

    // ---------------------------------------------------------------- what a turn asks of the actor

    @Override
    boolean userMessagesEnabled() {
        return lifecycle == Lifecycle.RUNNING;
    }

    @Override
    boolean isTerminated() {
        return lifecycle == Lifecycle.TERMINATED;
    }

    @Override
    boolean hasUnstashed() {
        return stash != null && stash.hasUnstashed();
    }

    @Override
    void invokeUnstashed() {
        Stash.Stashed next = stash.nextUnstashed();
        invoke(next.message(), next.sender());
    }

    /**
     * A system message reached this actor after it stopped. A watch needs an answer (the actor is
     * gone), and a PoisonPill, which a user sent, becomes a dead letter; the others have nothing
     * left to do.
     */
    @Override
    void systemMessageRefused(SystemMessage message) {
        if (message.kind == SystemMessage.Kind.WATCH) {
            message.cell.sendSystem(SystemMessage.deathWatchNotification(this));
        } else if (message.kind == SystemMessage.Kind.POISON_PILL) {
            system.deadLetters().publish(PoisonPill.INSTANCE, message.sender, self, DeadLetter.Reason.RECIPIENT_STOPPED);
        }
    }

    @Override
    void invoke(Object msg, ActorRef<?> from) {
        message = msg;
        sender = from;
        try {
            if (msg instanceof DeathWatchSignal) {
                LocalActorRef<?> stopped = ((DeathWatchSignal) msg).ref();
                if (deathWatch != null && deathWatch.unwatch(stopped)) {
                    actor.onTerminated(this, new Terminated(stopped));
                }
            } else if (msg instanceof Piped<?, ?> piped) {
                message = piped.toMessage(self.path()); // in the turn: the function may use the actor's state
                actor.receive(this);
            } else {
                actor.receive(this);
            }
        } catch (Throwable failure) {
            countError();
            fail(failure);
        } finally {
            message = null;
            sender = null;
            clearInterrupt();
        }
    }

    /**
     * The thread's interrupt flag belongs to the worker, which other actors share: a handler that
     * leaves it set (restoring it after catching {@link InterruptedException} is the standard idiom)
     * would make every later message on that thread start interrupted and its worker unable to park.
     * So it is cleared after every message and lifecycle hook and reported, once per incarnation at
     * WARN and at DEBUG after that; the actor is not failed for it, as the message was handled.
     */
    private void clearInterrupt() {
        if (!Thread.interrupted()) {
            return;
        }
        if (!reportedInterrupt) {
            reportedInterrupt = true;
            LOG.warn("{} left its thread's interrupt flag set; Rota cleared it (the flag belongs to the shared worker,"
                    + " not to the actor; further occurrences are logged at DEBUG)", self.path());
        } else {
            LOG.debug("{} left its thread's interrupt flag set again; cleared", self.path());
        }
    }

    private Stash stashed() {
        if (stash == null) {
            stash = new Stash();
        }
        return stash;
    }

    private DeathWatch<ActorCell<?>, LocalActorRef<?>> deathWatch() {
        if (deathWatch == null) {
            deathWatch = new DeathWatch<>();
        }
        return deathWatch;
    }

    /** Called on the parent's turn. */
    private RestartWindow restarts() {
        if (restarts == null) {
            restarts = new RestartWindow();
        }
        return restarts;
    }

    // ---------------------------------------------------------------- system messages

    @Override
    boolean processSystemMessage() {
        SystemMessage m = systemQueue.poll();
        if (m == null) {
            return false;
        }
        switch (m.kind) {
            case CREATE -> create();
            case TERMINATE -> beginStop();
            case POISON_PILL -> {
                if (lifecycle == Lifecycle.STOPPING) {
                    system.deadLetters().publish(PoisonPill.INSTANCE, m.sender, self, DeadLetter.Reason.RECIPIENT_STOPPED);
                } else {
                    beginStop();
                }
            }
            case WATCH -> addWatcher(m.cell);
            case UNWATCH -> {
                if (deathWatch != null) {
                    deathWatch.removeWatcher(m.cell);
                }
            }
            case DEATH_WATCH_NOTIFICATION -> watchedActorStopped(m.cell);
            case FAILED -> supervise(m.cell, m.cause);
            case RESUME -> resume();
            case RECREATE -> restart(m.cause);
            case CHILD_TERMINATED -> childTerminated(m.cell);
        }
        clearInterrupt(); // the lifecycle hooks are user code too
        return true;
    }

    private void create() {
        if (lifecycle != Lifecycle.NEW) {
            return;
        }
        try {
            actor = newInstance();
            lifecycle = Lifecycle.RUNNING;
            actor.preStart(this);
        } catch (Throwable failure) {
            countError();
            fail(failure);
        }
    }

    private Actor<M> newInstance() {
        Actor<M> instance = props.factory().get();
        if (instance == null) {
            throw new NullPointerException("the actor factory of " + self.path() + " returned null");
        }
        return instance;
    }

    /** The actor's own code failed, on its turn: a tracked actor counts it. */
    private void countError() {
        ActorMeter meter = meter();
        if (meter != null) {
            meter.errorCounted();
        }
    }

    /** The actor failed: suspend it and ask the supervisor. */
    private void fail(Throwable cause) {
        if (lifecycle == Lifecycle.STOPPING || lifecycle == Lifecycle.TERMINATED) {
            LOG.error("{} failed while stopping", self.path(), cause);
            return;
        }
        lifecycle = Lifecycle.SUSPENDED;
        if (parent == null) {
            LOG.error("guardian {} failed; stopping it", self.path(), cause);
            beginStop();
            return;
        }
        parent.sendSystem(SystemMessage.failed(this, cause));
    }

    /** Runs on the supervisor's turn. */
    private void supervise(ActorCell<?> child, Throwable cause) {
        if (lifecycle == Lifecycle.STOPPING || lifecycle == Lifecycle.TERMINATED || !isChild(child)) {
            return;
        }
        SupervisorStrategy strategy = props.supervisorStrategy();
        Directive directive;
        try {
            directive = strategy.decide(cause);
        } catch (Throwable deciderFailure) {
            LOG.error("supervisor strategy of {} failed deciding for {}; stopping the child",
                    self.path(), child.self.path(), deciderFailure);
            directive = Directive.STOP;
        }
        LOG.warn("{} failed; its supervisor {} decided {}", child.self.path(), self.path(), directive, cause);
        switch (directive) {
            case RESUME -> child.sendSystem(SystemMessage.resume());
            case RESTART -> {
                if (child.restarts().permit(strategy)) {
                    child.sendSystem(SystemMessage.recreate(cause));
                } else {
                    LOG.warn("{} exceeded {}; stopping it", child.self.path(), strategy);
                    child.sendSystem(SystemMessage.terminate());
                }
            }
            case STOP -> child.sendSystem(SystemMessage.terminate());
            case ESCALATE -> {
                if (parent == null) {
                    child.sendSystem(SystemMessage.terminate());
                } else {
                    fail(cause);
                }
            }
        }
    }

    private void resume() {
        if (lifecycle != Lifecycle.SUSPENDED) {
            return;
        }
        lifecycle = Lifecycle.RUNNING;
        // Children suspended behind an escalation from here continue too.
        for (ActorCell<?> child : childList()) {
            child.sendSystem(SystemMessage.resume());
        }
    }

    private void restart(Throwable cause) {
        if (lifecycle != Lifecycle.SUSPENDED) {
            return;
        }
        if (actor != null) {
            try {
                actor.preRestart(this, cause);
            } catch (Throwable failure) {
                countError();
                LOG.error("preRestart of {} failed", self.path(), failure);
            }
            instanceRetired = true;
        }
        if (stash != null) {
            stash.unstashAll();
        }
        restartCause = cause;
        lifecycle = Lifecycle.RESTARTING;
        List<ActorCell<?>> kids = childList();
        for (ActorCell<?> kid : kids) {
            kid.sendSystem(SystemMessage.terminate());
        }
        if (kids.isEmpty()) {
            finishRestart();
        }
    }

    private void finishRestart() {
        Throwable cause = restartCause;
        restartCause = null;
        instanceRetired = false;
        actor = null;
        lifecycle = Lifecycle.RUNNING;
        try {
            actor = newInstance();
            actor.postRestart(this, cause);
        } catch (Throwable failure) {
            countError();
            fail(failure);
        }
    }

    @Override
    void beginStop() {
        if (lifecycle == Lifecycle.STOPPING || lifecycle == Lifecycle.TERMINATED) {
            return;
        }
        lifecycle = Lifecycle.STOPPING;
        // A leaf actor takes the shared empty set that refuses, makes none of its own, and iterates
        // nothing: a million leaves stopping would otherwise make a million empty iterators.
        if (CHILDREN.compareAndSet(this, null, Children.NONE_AND_REFUSING)) {
            finishStop();
            return;
        }
        List<ActorCell<?>> kids = children().refuseNew();
        for (ActorCell<?> kid : kids) {
            kid.sendSystem(SystemMessage.terminate());
        }
        if (kids.isEmpty()) {
            finishStop();
        }
    }

    private void childTerminated(ActorCell<?> child) {
        boolean none = children().remove(child);
        if (none && lifecycle == Lifecycle.STOPPING) {
            finishStop();
        } else if (none && lifecycle == Lifecycle.RESTARTING) {
            finishRestart();
        }
    }

    private void finishStop() {
        if (actor != null && !instanceRetired) {
            try {
                actor.postStop(this);
            } catch (Throwable failure) {
                countError();
                LOG.error("postStop of {} failed", self.path(), failure);
                system.dispatcherError(dispatcher.id(), failure, self);
            }
        }
        actor = null;
        lifecycle = Lifecycle.TERMINATED;
        endCurrentTurn();
        close();
        system.actorStopped(this);
        system.eventStream().unsubscribe(self);

        if (stash != null) {
            stash.drain((msg, from) -> deadLetterUserMessage(msg, from, DeadLetter.Reason.RECIPIENT_STOPPED));
        }
        drainClosedMailbox();
        for (SystemMessage m = systemQueue.close(); m != null; ) {
            SystemMessage next = m.next;
            m.next = null;
            systemMessageRefused(m);
            m = next;
        }

        if (deathWatch != null) {
            deathWatch.end(watcher -> watcher.sendSystem(SystemMessage.deathWatchNotification(this)),
                    watched -> watched.cell.sendSystem(SystemMessage.unwatch(this)));
        }
        if (parent != null) {
            parent.sendSystem(SystemMessage.childTerminated(this));
        } else {
            system.guardianStopped();
        }
    }

    private void addWatcher(ActorCell<?> watcher) {
        if (watcher != this) {
            deathWatch().addWatcher(watcher);
        }
    }

    /**
     * A watched actor stopped. The notification goes through our own user mailbox, so it arrives
     * after every message that actor sent us before stopping.
     */
    private void watchedActorStopped(ActorCell<?> stopped) {
        if (deathWatch == null || !deathWatch.isWatching(stopped.self)) {
            return;
        }
        DeathWatchSignal signal = new DeathWatchSignal(stopped.self);
        if (!enqueue(signal, null) && userMessagesEnabled()) {
            invoke(signal, null);
        }
    }

    // ---------------------------------------------------------------- children

    @Override
    public String childName() {
        return self.name();
    }

    /** The children there are now; an actor that never had one makes no set for the answer. */
    private List<ActorCell<?>> childList() {
        return childrenOrNone().snapshot();
    }

    /** This actor's set to read, or the shared empty one if it never had a child: makes nothing. */
    @SuppressWarnings("unchecked") // the shared set is empty
    private Children<ActorCell<?>> childrenOrNone() {
        Children<ActorCell<?>> known = children;
        return known != null ? known : Children.NONE_AND_REFUSING;
    }

    /** This actor's children's set, made now if it has had none: for a spawn, a stop or a child's end. */
    @SuppressWarnings("unchecked") // the field's type
    private Children<ActorCell<?>> children() {
        Children<ActorCell<?>> known = children;
        if (known != null) {
            return known;
        }
        Children<ActorCell<?>> made = new Children<>();
        Object witness = CHILDREN.compareAndExchange(this, null, made);
        return witness == null ? made : (Children<ActorCell<?>>) witness;
    }

    <C> ActorRef<C> spawnChild(Props<C> childProps, String name) {
        Objects.requireNonNull(childProps, "props");
        ActorNames.checkActorName(name);
        ActorCell<C> child = system.newCell(this, childProps, name);
        system.beingSpawned(child);
        try {
            children().add(child, self);
        } catch (RuntimeException | Error refused) {
            system.cellRefused(child);
            throw refused;
        }
        system.actorSpawned();
        child.start();
        return child.self;
    }

    /** Adds the mailbox depth of every descendant of this cell. */
    void collectMailboxDepths(List<MailboxDepth> into) {
        for (ActorCell<?> child : childList()) {
            into.add(new MailboxDepth(child.self, child.mailbox.size()));
            child.collectMailboxDepths(into);
        }
    }

    int childCount() {
        return childrenOrNone().count();
    }

    private boolean isChild(ActorCell<?> cell) {
        return childrenOrNone().contains(cell);
    }

    // ---------------------------------------------------------------- ReceiveContext

    /**
     * A context is valid only during the call it was passed to, on the thread running the turn: one
     * captured in a callback would otherwise read whichever message is current when it runs, and
     * reply to that message's sender. Such a call fails loudly instead. ({@link #self()},
     * {@link #parent()} and {@link #system()} are immutable and work anywhere.)
     */
    private void checkOnTurn(String operation) {
        if (!isHeldByCurrentThread()) {
            throw new IllegalStateException(operation + "() on the context of " + self.path() + " was called outside"
                    + " its turn, on thread " + Thread.currentThread().getName() + ": a context is valid only during the"
                    + " call it was passed to; to act on a callback's result, use pipeToSelf");
        }
    }

    @Override
    public ActorRef<M> self() {
        return self;
    }

    @Override
    public ActorRef<?> parent() {
        return parent == null ? self : parent.self;
    }

    @Override
    public ActorSystem system() {
        return system;
    }

    @Override
    public <C> ActorRef<C> spawn(Props<C> childProps, String name) {
        checkOnTurn("spawn");
        return spawnChild(childProps, name);
    }

    @Override
    public Optional<ActorRef<?>> child(String name) {
        checkOnTurn("child");
        ActorCell<?> child = childrenOrNone().get(name);
        return Optional.ofNullable(child == null ? null : child.self);
    }

    @Override
    public void stop(ActorRef<?> ref) {
        checkOnTurn("stop");
        Objects.requireNonNull(ref, "ref");
        if (ref.equals(self)) {
            sendSystem(SystemMessage.terminate());
        } else if (ref instanceof LocalActorRef && isChild(((LocalActorRef<?>) ref).cell)) {
            ((LocalActorRef<?>) ref).cell.sendSystem(SystemMessage.terminate());
        } else {
            throw new IllegalArgumentException(self.path() + " can only stop itself or its children, not " + ref.path());
        }
    }

    @Override
    public <T> T blocking(Callable<T> work) throws Exception {
        checkOnTurn("blocking");
        Objects.requireNonNull(work, "work");
        // The turn's own dispatcher, the one running this thread (during a replacement the binding
        // may already name the next one); none when the actor is stopping in place.
        Turn turn = currentTurn();
        return turn != null ? turn.blocking(work) : work.call();
    }

    @Override
    public void watch(ActorRef<?> ref) {
        checkOnTurn("watch");
        LocalActorRef<?> target = local(ref, "watch");
        if (target.cell == this) {
            return;
        }
        if (deathWatch().watch(target)) {
            target.cell.sendSystem(SystemMessage.watch(this));
        }
    }

    @Override
    public void unwatch(ActorRef<?> ref) {
        checkOnTurn("unwatch");
        LocalActorRef<?> target = local(ref, "unwatch");
        if (deathWatch != null && deathWatch.unwatch(target)) {
            target.cell.sendSystem(SystemMessage.unwatch(this));
        }
    }

    private static LocalActorRef<?> local(ActorRef<?> ref, String operation) {
        Objects.requireNonNull(ref, "ref");
        if (!(ref instanceof LocalActorRef)) {
            throw new IllegalArgumentException("cannot " + operation + " " + ref.path() + ": not an actor");
        }
        return (LocalActorRef<?>) ref;
    }

    @Override
    @SuppressWarnings("unchecked")
    public M message() {
        checkOnTurn("message");
        return (M) message;
    }

    @Override
    public ActorRef<?> sender() {
        checkOnTurn("sender");
        return sender;
    }

    @Override
    @SuppressWarnings("unchecked")
    public void reply(Object reply) {
        checkOnTurn("reply");
        Objects.requireNonNull(reply, "reply");
        if (sender == null) {
            system.deadLetters().publish(reply, self, null, DeadLetter.Reason.NO_RECIPIENT);
        } else {
            ((ActorRef<Object>) sender).tell(reply, self);
        }
    }

    @Override
    public void stash() {
        checkOnTurn("stash");
        if (message == null) {
            throw new IllegalStateException("stash() is only valid while handling a message");
        }
        stashed().stash(message, sender);
    }

    @Override
    public void unstashAll() {
        checkOnTurn("unstashAll");
        if (stash != null) {
            stash.unstashAll();
        }
    }

    @Override
    public <T> void pipeToSelf(CompletionStage<T> stage, BiFunction<? super T, ? super Throwable, ? extends M> toMessage) {
        checkOnTurn("pipeToSelf");
        Objects.requireNonNull(stage, "stage");
        Objects.requireNonNull(toMessage, "toMessage");
        stage.whenComplete((value, failure) -> tell(new Piped<>(value, unwrap(failure), toMessage), null));
    }

    private static Throwable unwrap(Throwable failure) {
        return failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
    }

    @Override
    public String name() {
        return self.path();
    }

    /** A racy read of a turn-confined field, for a probe's report only ({@link io.github.rota.spi.dispatch.Schedulable#messageInHand}). */
    @Override
    public Object messageInHand() {
        return message;
    }

    @Override
    public String toString() {
        return "ActorCell[" + self.path() + ", state=" + scheduleState() + "]";
    }
}
