package io.github.rota.runtime;

import io.github.rota.api.Actor;
import io.github.rota.api.ActorRef;
import io.github.rota.api.DeadLetter;
import io.github.rota.api.Directive;
import io.github.rota.api.PoisonPill;
import io.github.rota.api.Props;
import io.github.rota.api.ReceiveContext;
import io.github.rota.api.Terminated;
import io.github.rota.api.TimerScheduler;
import io.github.rota.spi.dispatch.Turn;
import io.github.rota.spi.mailbox.Mailbox;
import io.github.rota.spi.pool.EnvelopePool;
import java.time.Duration;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One actor: its instance and lifecycle, the supervision of its children, stopping, and its death
 * watch; what its code reaches during a turn is the {@link ActorContext} it extends, and its
 * mailboxes and the turn that empties them are its {@link TurnLoop}, which calls it through
 * {@link Cell}. A child's restart count is a part of its own, kept by the parent
 * ({@link RestartWindow}).
 *
 * <p>A failing actor is suspended (system messages still flow, user messages wait) until its
 * supervisor's directive arrives.
 *
 * <p>Threads: confined to the actor's turns, except for the immutable fields, {@link #start} and
 * {@link #systemMessageRefused} (a producer's, once the actor has closed); {@code restarts} is
 * confined to the parent's turns.
 */
final class ActorCell<M> extends ActorContext<M> {

    private static final Logger LOG = LoggerFactory.getLogger(ActorCell.class);

    /** Confined to the parent's turns: this actor's restarts, as a child; made at the first. */
    private RestartWindow restarts;

    // Turn-confined.
    private Actor<M> actor;
    private Lifecycle lifecycle = Lifecycle.NEW;
    private boolean instanceRetired;
    private Throwable restartCause;
    private boolean reportedInterrupt;
    /** It has used its timers, which its system keeps ({@link ActorTimers}); a flag fits where a field would not. */
    private boolean hasTimers;
    /** A receive timeout is set: every message received starts its period again. */
    private boolean receiveTimeoutSet;

    ActorCell(RotaActorSystem system, ActorCell<?> parent, String name, int uid, Props<M> props,
              DispatcherBinding<TurnLoop> dispatcher, Mailbox mailbox, EnvelopePool envelopes, int homeShard,
              boolean checksEnvelopes, int sampleInterval) {
        super(system, parent, name, uid, props, dispatcher, mailbox, envelopes, homeShard, checksEnvelopes, sampleInterval);
    }

    void start() {
        sendSystem(SystemMessage.create());
    }

    // ---------------------------------------------------------------- what a turn asks of the actor

    @Override
    public Cell.UserMessages userMessages() {
        if (lifecycle != Lifecycle.RUNNING) {
            return Cell.UserMessages.WITHHELD;
        }
        return stash != null && stash.hasUnstashed() ? Cell.UserMessages.UNSTASHED : Cell.UserMessages.MAILBOX;
    }

    @Override
    public boolean isTerminated() {
        return lifecycle == Lifecycle.TERMINATED;
    }

    @Override
    public void invokeUnstashed() {
        Stash.Stashed next = stash.nextUnstashed();
        invoke(next.message(), next.sender());
    }

    /**
     * A system message reached this actor after it stopped. A watch needs an answer (the actor is
     * gone), and a PoisonPill, which a user sent, becomes a dead letter; the others have nothing
     * left to do.
     */
    @Override
    public void systemMessageRefused(SystemMessage message) {
        if (message.kind == SystemMessage.Kind.WATCH) {
            message.cell.sendSystem(SystemMessage.deathWatchNotification(this));
        } else if (message.kind == SystemMessage.Kind.POISON_PILL) {
            system.deadLetter(PoisonPill.INSTANCE, message.sender, self, DeadLetter.Reason.RECIPIENT_STOPPED);
        }
    }

    @Override
    public void invoke(Object msg, ActorRef<?> from) {
        if (message != msg) {
            message = msg;
        }
        if (sender != from) {
            sender = from;
        }
        try {
            if (msg instanceof DeathWatchSignal) {
                LocalActorRef<?> stopped = ((DeathWatchSignal) msg).ref();
                if (deathWatch != null && deathWatch.unwatch(stopped)) {
                    actor.onTerminated(this, new Terminated(stopped));
                }
            } else if (msg instanceof Piped<?, ?> piped) {
                message = piped.toMessage(self.path()); // in the turn: the function may use the actor's state
                actor.receive(this);
            } else if (msg instanceof ActorTimers.Fired fired) {
                ActorTimers<?> timers = hasTimers ? system.existingTimersOf(this) : null;
                Object delivered = timers == null ? null : timers.deliverable(fired);
                if (delivered == null) {
                    return; // its timer was cancelled or replaced since it fired: nothing was received
                }
                message = delivered;
                actor.receive(this);
            } else {
                actor.receive(this);
            }
            if (receiveTimeoutSet) {
                system.timersOf(this).messageReceived();
            }
        } catch (Throwable failure) {
            countError();
            fail(failure);
        } finally {
            clearInterrupt();
        }
    }

    @Override
    public void putDownMessage() {
        message = null;
        sender = null;
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

    /** Called on the parent's turn. */
    RestartWindow restarts() {
        if (restarts == null) {
            restarts = new RestartWindow();
        }
        return restarts;
    }

    // ---------------------------------------------------------------- system messages

    @Override
    public void process(SystemMessage m) {
        switch (m.kind) {
            case CREATE -> create();
            case TERMINATE -> beginStop();
            case POISON_PILL -> {
                if (lifecycle == Lifecycle.STOPPING) {
                    system.deadLetter(PoisonPill.INSTANCE, m.sender, self, DeadLetter.Reason.RECIPIENT_STOPPED);
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
        if (Supervision.handle(this, props.supervisorStrategy(), child, cause) == Directive.ESCALATE) {
            if (parent == null) {
                child.sendSystem(SystemMessage.terminate());
            } else {
                fail(cause);
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
        cancelTimers(); // a new incarnation starts with none
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
    public void beginStop() {
        if (lifecycle == Lifecycle.STOPPING || lifecycle == Lifecycle.TERMINATED) {
            return;
        }
        lifecycle = Lifecycle.STOPPING;
        cancelTimers();
        // A leaf actor takes the shared empty set that refuses, makes none of its own, and iterates
        // nothing: a million leaves stopping would otherwise make a million empty iterators.
        if (refuseChildrenIfNone()) {
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
                system.fault(turns.dispatcher.id(), failure, self);
            }
        }
        cancelTimers(); // again: postStop may have started one
        actor = null;
        lifecycle = Lifecycle.TERMINATED;
        turns.endCurrentTurn();
        turns.close();
        system.actorStopped(this);
        system.eventStream().unsubscribe(self);

        if (stash != null) {
            stash.drain((msg, from) -> turns.deadLetterUserMessage(msg, from, DeadLetter.Reason.RECIPIENT_STOPPED));
        }
        turns.drainClosedMailbox();
        for (SystemMessage m = turns.closeSystemQueue(); m != null; ) {
            SystemMessage next = m.next;
            m.next = null;
            systemMessageRefused(m);
            m = next;
        }

        if (deathWatch != null) {
            deathWatch.end(watcher -> watcher.sendSystem(SystemMessage.deathWatchNotification(this)),
                    watched -> watched.cell().sendSystem(SystemMessage.unwatch(this)));
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
        if (!turns.enqueue(signal, null) && lifecycle == Lifecycle.RUNNING) {
            invoke(signal, null);
        }
    }

    @Override
    public TimerScheduler<M> timers() {
        checkOnTurn("timers");
        hasTimers = true;
        return system.timersOf(this);
    }

    @Override
    public void setReceiveTimeout(Duration timeout, M message) {
        checkOnTurn("setReceiveTimeout");
        ActorTimers.checkReceiveTimeout(timeout, message);
        hasTimers = true;
        system.timersOf(this).setReceiveTimeout(timeout, message);
        receiveTimeoutSet = true;
    }

    @Override
    public void cancelReceiveTimeout() {
        checkOnTurn("cancelReceiveTimeout");
        if (receiveTimeoutSet) {
            receiveTimeoutSet = false;
            system.timersOf(this).cancelReceiveTimeout();
        }
    }

    private void cancelTimers() {
        receiveTimeoutSet = false;
        if (hasTimers) {
            hasTimers = false;
            system.cancelTimersOf(this);
        }
    }

    /** {@return the actor's metrics if it is tracked, else {@code null}} */
    ActorMeter meter() {
        return turns.meter();
    }

    @Override
    public int budget() {
        return props.throughput();
    }

    @Override
    public String toString() {
        return "ActorCell[" + self.path() + ", state=" + turns.scheduleState() + "]";
    }
}
