package io.github.rota.runtime;

import io.github.rota.api.Actor;
import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.DeadLetter;
import io.github.rota.api.MailboxDepth;
import io.github.rota.api.Directive;
import io.github.rota.api.PoisonPill;
import io.github.rota.api.Props;
import io.github.rota.api.ReceiveContext;
import io.github.rota.api.SupervisorStrategy;
import io.github.rota.api.Terminated;
import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.dispatch.Turn;
import io.github.rota.spi.mailbox.Mailbox;
import io.github.rota.spi.pool.Envelope;
import io.github.rota.spi.pool.EnvelopePool;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.function.BiFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One actor: its mailboxes, its schedule state, its instance and lifecycle, its children and its
 * death watch. The cell is what a dispatcher runs ({@link Schedulable}) and, during a turn, the
 * context the actor sees ({@link ReceiveContext}), so handling a message allocates nothing here.
 *
 * <p>Threads: {@link #tell} and {@link #sendSystem} run on any thread (producers). Everything in a
 * turn runs on the one thread that holds {@link #PROCESSING}; the turn-confined fields below are
 * plain, and are handed from turn to turn by the schedule state's volatile store/CAS chain
 * (owner's store of IDLE → producer's CAS → queue → next owner's CAS). The children map is also
 * touched by top-level spawns from other threads, so it is guarded by the cell's monitor, which
 * also serialises the draining of a closed cell's mailbox.
 *
 * <p>A turn: system messages first, then user messages up to the budget; an actor whose mailboxes
 * are empty goes idle and is not re-queued; one that still has work when the budget is spent yields
 * and is queued again behind the others. A failing actor is suspended (system messages still flow,
 * user messages wait) until its supervisor's directive arrives.
 */
final class ActorCell<M> extends ScheduleState implements Schedulable, ReceiveContext<M> {

    private static final Logger LOG = LoggerFactory.getLogger(ActorCell.class);
    /**
     * How many times a turn retries a mailbox that has a message it cannot hand out yet (a producer
     * between its two stores) before it yields: about a microsecond, enough for a producer that is
     * still running, far less than the time slice of one the OS has preempted.
     */
    static final int PUBLICATION_SPINS = 64;

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

    final RotaActorSystem system;
    final ActorCell<?> parent;
    final LocalActorRef<M> self;
    private final Props<M> props;
    private final DispatcherSlot<ActorCell<?>> dispatcher;
    private final Mailbox mailbox;
    private final EnvelopePool envelopes;
    private final int homeShard;
    private final SystemQueue systemQueue = new SystemQueue();

    // Turn-confined.
    private Actor<M> actor;
    private Lifecycle lifecycle = Lifecycle.NEW;
    private boolean instanceRetired;
    private Throwable restartCause;
    private Object message;
    private ActorRef<?> sender;
    private ArrayDeque<Stashed> stash;
    private ArrayDeque<Stashed> unstashed;
    private boolean reportedInterrupt;
    /** The dispatcher refused the actor: it is stopping in place ({@link #stopInPlace}). */
    private boolean refused;
    /** The dispatcher's side of the current turn; {@code null} between turns. */
    private Turn currentTurn;

    private Set<LocalActorRef<?>> watching;
    private Set<ActorCell<?>> watchers;

    // Guarded by this.
    private LinkedHashMap<String, ActorCell<?>> children;
    private boolean refusingChildren;

    // Confined to the parent's turns: restart statistics of this cell as a child.
    private int restartCount;
    private long restartWindowStart;

    ActorCell(RotaActorSystem system, ActorCell<?> parent, String name, long uid, Props<M> props,
              DispatcherSlot<ActorCell<?>> dispatcher, Mailbox mailbox, EnvelopePool envelopes, int homeShard) {
        this.system = system;
        this.parent = parent;
        this.self = new LocalActorRef<>(this, name, uid);
        this.props = props;
        this.dispatcher = dispatcher;
        this.mailbox = mailbox;
        this.envelopes = envelopes;
        this.homeShard = homeShard;
    }

    void start() {
        sendSystem(SystemMessage.create());
    }

    // ---------------------------------------------------------------- producers (any thread)

    void tell(Object msg, ActorRef<?> from) {
        Objects.requireNonNull(msg, "message");
        if (msg == PoisonPill.INSTANCE) {
            sendSystem(SystemMessage.poisonPill(from)); // refused once closed: then a dead letter
            return;
        }
        if (isClosed()) {
            deadLetterUserMessage(msg, from, DeadLetter.Reason.RECIPIENT_STOPPED);
            return;
        }
        Envelope envelope = envelopes.acquire(homeShard).fill(msg, from);
        if (!mailbox.enqueue(envelope)) {
            envelopes.release(envelope);
            system.deadLetters().publish(msg, from, self, DeadLetter.Reason.MAILBOX_FULL);
            return;
        }
        if (trySchedule()) {
            dispatcher.schedule(this);
        } else if (isClosed()) {
            // The actor stopped while we enqueued; its final drain may have missed our message.
            drainClosedMailbox();
        }
    }

    void sendSystem(SystemMessage systemMessage) {
        if (!systemQueue.push(systemMessage)) {
            system.deadLetters().undeliverable(this, systemMessage);
            return;
        }
        if (trySchedule()) {
            dispatcher.schedule(this);
        }
    }

    /**
     * The dispatcher we were queued on stopped before running us and its owner handed us back: we
     * hold SCHEDULED and are on no queue, so we schedule ourselves again, on whatever serves our
     * dispatcher id now (a replacement), or wait for one.
     */
    @Override
    public void handedBack(RuntimeException cause) {
        dispatcher.schedule(this);
    }

    /**
     * Our dispatcher refused us for good (our {@link DispatcherSlot} decides that): it has stopped
     * and is still bound, so this actor can never run there again.
     * We hold SCHEDULED and are on no queue, so this thread is the actor's only runner, and the actor
     * stops here, on this thread: its user messages become dead letters ({@code DISPATCHER_REJECTED}),
     * and its system messages are still answered — its children stop, {@code postStop} runs if the
     * actor was created, watchers get {@code Terminated} and the parent its child's end, so stopping
     * the parent and terminating the system complete. While it waits for its children, each system
     * message (a child's end) is refused in turn and brings it back here.
     */
    void stopInPlace(RuntimeException cause) {
        if (!takeForProcessing()) {
            return; // cannot happen: we hold SCHEDULED
        }
        if (!refused) {
            refused = true;
            system.dispatcherError(dispatcher.id(), cause, self);
        }
        try {
            deadLetterMailbox(DeadLetter.Reason.DISPATCHER_REJECTED);
            beginStop();
            while (lifecycle != Lifecycle.TERMINATED) {
                if (!processSystemMessage()) {
                    deadLetterMailbox(DeadLetter.Reason.DISPATCHER_REJECTED);
                    if (finishOrReclaim()) {
                        return; // waiting for children: the next system message is refused and returns here
                    }
                }
            }
        } catch (RuntimeException | Error fault) {
            system.dispatcherError(dispatcher.id(), fault, self);
            if (!isClosed()) {
                finishOrReclaim();
            }
        }
    }

    /** Turn-confined: every user message that can be handed out now becomes a dead letter. */
    private void deadLetterMailbox(DeadLetter.Reason reason) {
        for (Envelope e = mailbox.dequeue(); e != null; e = mailbox.dequeue()) {
            deadLetterUserMessage(e.message(), e.sender(), reason);
        }
    }

    // ---------------------------------------------------------------- the turn

    /**
     * One turn: system messages first, then user messages, one budget for both (a stream of system
     * messages — watches, children stopping — cannot hold a turn either). The budget is the
     * dispatcher's, or the actor's own if that is lower: an operator lowering a dispatcher's budget
     * live reins in every actor on it.
     */
    @Override
    public boolean runTurn(Turn turn) {
        if (!takeForProcessing()) {
            if (!isClosed()) {
                // Only a dispatcher that handed one scheduling to two threads gets here; the other runs the turn.
                system.dispatcherError(dispatcher.id(), new IllegalStateException("dispatcher '" + dispatcher.id()
                        + "' handed one scheduling of " + self.path() + " to two threads; this one does not run it"), self);
            }
            return false;
        }
        int budget = props.throughput() > 0 ? Math.min(props.throughput(), turn.budget()) : turn.budget();
        int spent = 0;
        int handled = 0;
        currentTurn = turn;
        try {
            while (true) {
                if (spent >= budget) {
                    if (hasRunnableWork() || !finishOrReclaim()) {
                        yieldTurn();
                        return true;
                    }
                    return false;
                }
                if (processSystemMessage()) {
                    spent++;
                    if (lifecycle == Lifecycle.TERMINATED) {
                        return false;
                    }
                    continue;
                }
                switch (processUserMessage()) {
                    case HANDLED -> {
                        spent++;
                        handled++;
                    }
                    case PUBLISHING -> {
                        // A producer was preempted between its two stores: let the others run meanwhile.
                        yieldTurn();
                        return true;
                    }
                    case NONE -> {
                        if (finishOrReclaim()) {
                            return false;
                        }
                        // Reclaimed: a message arrived after we looked; the next round takes it.
                    }
                }
            }
        } catch (Throwable fault) {
            // Only a bug in the machinery gets here: user code is guarded in invoke().
            system.dispatcherError(dispatcher.id(), fault, self);
            if (isClosed() || finishOrReclaim()) {
                return false;
            }
            yieldTurn();
            return true;
        } finally {
            turn.messagesHandled(handled);
        }
    }

    /** Budget spent (or a producer is mid-enqueue) with work left: PROCESSING → SCHEDULED, to be queued again. */
    private void yieldTurn() {
        currentTurn = null; // before the release: the next owner sets its own
        yieldToScheduled();
    }

    /**
     * Goes IDLE, then re-reads the mailboxes: a producer that enqueued after our last look and saw
     * PROCESSING did not schedule us, so if work is there we take the actor back.
     *
     * @return {@code true} if the actor is now idle (or another producer scheduled it); {@code false}
     *         if this turn owns it again
     */
    private boolean finishOrReclaim() {
        Turn turn = currentTurn;
        currentTurn = null; // before the release: the next owner sets its own
        setIdle();
        if (!hasRunnableWork() || !trySchedule()) {
            return true;
        }
        takeForProcessing(); // we hold SCHEDULED and the actor is on no queue: cannot fail
        currentTurn = turn;
        return false;
    }

    private boolean userMessagesEnabled() {
        return lifecycle == Lifecycle.RUNNING;
    }

    private boolean hasRunnableWork() {
        return !systemQueue.isEmpty() || (userMessagesEnabled()
                && ((unstashed != null && !unstashed.isEmpty()) || mailbox.hasMessages()));
    }

    /** What one attempt to handle a user message found. */
    private enum Take {
        /** A message was handled. */
        HANDLED,
        /** None to handle (or user messages are withheld): the turn may end. */
        NONE,
        /** One is counted but cannot be handed out yet, even after a short wait: its producer is mid-enqueue. */
        PUBLISHING
    }

    private Take processUserMessage() {
        if (!userMessagesEnabled()) {
            return Take.NONE;
        }
        if (unstashed != null && !unstashed.isEmpty()) {
            Stashed next = unstashed.pollFirst();
            invoke(next.message(), next.sender());
            return Take.HANDLED;
        }
        Envelope envelope = mailbox.dequeue();
        if (envelope == null) {
            if (!mailbox.hasMessages()) {
                return Take.NONE;
            }
            envelope = awaitPublication();
            if (envelope == null) {
                return Take.PUBLISHING;
            }
        }
        // The envelope stays valid until the next dequeue; nothing keeps it beyond this call.
        if (system.checksEnvelopes()) {
            invokeChecked(envelope);
        } else {
            invoke(envelope.message(), envelope.sender());
        }
        // It may stay in the mailbox (as its sentinel) until the next message, which for an idle
        // actor can be never: it must not keep this message and its sender alive meanwhile.
        envelope.clearMessage();
        return Take.HANDLED;
    }

    /**
     * The mailbox counts a message it cannot hand out: a producer is between its two stores (a
     * linked mailbox's swap and link, an array queue's claim and publish). A running producer
     * finishes within nanoseconds; one the OS has preempted may take a time slice, which is not
     * worth spinning through.
     *
     * @return the message, if it was published within {@value #PUBLICATION_SPINS} retries; or {@code null}
     */
    private Envelope awaitPublication() {
        for (int i = 0; i < PUBLICATION_SPINS; i++) {
            Thread.onSpinWait();
            Envelope envelope = mailbox.dequeue();
            if (envelope != null) {
                return envelope;
            }
        }
        return null;
    }

    /** Debug mode: report an envelope recycled before or during its turn instead of misreading it. */
    private void invokeChecked(Envelope envelope) {
        if (envelope.isRecycled()) {
            throw new IllegalStateException("use after recycle: " + self.path() + " was handed an envelope already back"
                    + " in the pool (home shard " + envelope.homeShard() + "); its mailbox released it too early");
        }
        int generation = envelope.generation();
        invoke(envelope.message(), envelope.sender());
        if (envelope.generation() != generation || envelope.isRecycled()) {
            throw new IllegalStateException("use after recycle: the envelope of a message to " + self.path()
                    + " went back to the pool during its turn (home shard " + envelope.homeShard() + ")");
        }
    }

    private void invoke(Object msg, ActorRef<?> from) {
        message = msg;
        sender = from;
        try {
            if (msg instanceof DeathWatchSignal) {
                LocalActorRef<?> stopped = ((DeathWatchSignal) msg).ref();
                if (watching != null && watching.remove(stopped)) {
                    actor.onTerminated(this, new Terminated(stopped));
                }
            } else if (msg instanceof Piped<?, ?> piped) {
                message = piped.toMessage(self.path()); // in the turn: the function may use the actor's state
                actor.receive(this);
            } else {
                actor.receive(this);
            }
        } catch (Throwable failure) {
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

    // ---------------------------------------------------------------- system messages

    private boolean processSystemMessage() {
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
                if (watchers != null) {
                    watchers.remove(m.cell);
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
                if (child.permitRestart(strategy)) {
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

    /** Runs on the supervisor's turn; counts this cell's restarts in the strategy's window. */
    private boolean permitRestart(SupervisorStrategy strategy) {
        int max = strategy.maxRestarts();
        if (max < 0) {
            return true;
        }
        long now = System.nanoTime();
        if (restartCount == 0 || now - restartWindowStart > strategy.restartWindow().toNanos()) {
            restartWindowStart = now;
            restartCount = 0;
        }
        restartCount++;
        return restartCount <= max;
    }

    private void resume() {
        if (lifecycle != Lifecycle.SUSPENDED) {
            return;
        }
        lifecycle = Lifecycle.RUNNING;
        // Children suspended behind an escalation from here continue too.
        for (ActorCell<?> child : childrenSnapshot()) {
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
                LOG.error("preRestart of {} failed", self.path(), failure);
            }
            instanceRetired = true;
        }
        unstashAll();
        restartCause = cause;
        lifecycle = Lifecycle.RESTARTING;
        List<ActorCell<?>> kids = childrenSnapshot();
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
            fail(failure);
        }
    }

    private void beginStop() {
        if (lifecycle == Lifecycle.STOPPING || lifecycle == Lifecycle.TERMINATED) {
            return;
        }
        lifecycle = Lifecycle.STOPPING;
        List<ActorCell<?>> kids;
        synchronized (this) {
            refusingChildren = true;
            kids = children == null ? List.of() : new ArrayList<>(children.values());
        }
        for (ActorCell<?> kid : kids) {
            kid.sendSystem(SystemMessage.terminate());
        }
        if (kids.isEmpty()) {
            finishStop();
        }
    }

    private void childTerminated(ActorCell<?> child) {
        boolean none;
        synchronized (this) {
            if (children != null) {
                children.remove(child.self.name(), child);
            }
            none = children == null || children.isEmpty();
        }
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
                LOG.error("postStop of {} failed", self.path(), failure);
                system.dispatcherError(dispatcher.id(), failure, self);
            }
        }
        actor = null;
        lifecycle = Lifecycle.TERMINATED;
        currentTurn = null;
        close();
        system.actorStopped();
        system.eventStream().unsubscribe(self);

        if (stash != null) {
            stash.forEach(s -> deadLetterUserMessage(s.message(), s.sender(), DeadLetter.Reason.RECIPIENT_STOPPED));
            stash = null;
        }
        if (unstashed != null) {
            unstashed.forEach(s -> deadLetterUserMessage(s.message(), s.sender(), DeadLetter.Reason.RECIPIENT_STOPPED));
            unstashed = null;
        }
        drainClosedMailbox();
        for (SystemMessage m = systemQueue.close(); m != null; ) {
            SystemMessage next = m.next;
            m.next = null;
            system.deadLetters().undeliverable(this, m);
            m = next;
        }

        if (watchers != null) {
            for (ActorCell<?> watcher : watchers) {
                watcher.sendSystem(SystemMessage.deathWatchNotification(this));
            }
            watchers = null;
        }
        if (watching != null) {
            for (LocalActorRef<?> watched : watching) {
                watched.cell.sendSystem(SystemMessage.unwatch(this));
            }
            watching = null;
        }
        if (parent != null) {
            parent.sendSystem(SystemMessage.childTerminated(this));
        } else {
            system.guardianStopped();
        }
    }

    /**
     * Turns every message left in a closed cell's mailbox into a dead letter. Called by the cell's
     * last turn and by producers that enqueued while it closed; the monitor keeps them to one
     * consumer at a time.
     */
    private void drainClosedMailbox() {
        synchronized (this) {
            while (mailbox.hasMessages()) {
                Envelope envelope = mailbox.dequeue();
                if (envelope == null) {
                    Thread.onSpinWait(); // a producer is between its swap and its link
                    continue;
                }
                deadLetterUserMessage(envelope.message(), envelope.sender(), DeadLetter.Reason.RECIPIENT_STOPPED);
            }
        }
    }

    private void deadLetterUserMessage(Object msg, ActorRef<?> from, DeadLetter.Reason reason) {
        if (msg instanceof Piped<?, ?> piped) {
            system.deadLetters().publish(piped.outcome(), from, self, reason);
        } else if (!(msg instanceof DeathWatchSignal)) {
            system.deadLetters().publish(msg, from, self, reason);
        }
    }

    private void addWatcher(ActorCell<?> watcher) {
        if (watcher == this) {
            return;
        }
        if (watchers == null) {
            watchers = new HashSet<>();
        }
        watchers.add(watcher);
    }

    /**
     * A watched actor stopped. The notification goes through our own user mailbox, so it arrives
     * after every message that actor sent us before stopping.
     */
    private void watchedActorStopped(ActorCell<?> stopped) {
        if (watching == null || !watching.contains(stopped.self)) {
            return;
        }
        DeathWatchSignal signal = new DeathWatchSignal(stopped.self);
        Envelope envelope = envelopes.acquire(homeShard).fill(signal, null);
        if (!mailbox.enqueue(envelope)) {
            envelopes.release(envelope);
            if (userMessagesEnabled()) {
                invoke(signal, null);
            }
        }
    }

    // ---------------------------------------------------------------- children

    <C> ActorRef<C> spawnChild(Props<C> childProps, String name) {
        Objects.requireNonNull(childProps, "props");
        ActorNames.checkActorName(name);
        ActorCell<C> child = system.newCell(this, childProps, name);
        synchronized (this) {
            if (refusingChildren) {
                throw new IllegalStateException("cannot spawn '" + name + "': " + self.path() + " is stopping");
            }
            if (children == null) {
                children = new LinkedHashMap<>();
            }
            if (children.putIfAbsent(name, child) != null) {
                throw new IllegalArgumentException("actor name '" + name + "' is already taken under " + self.path());
            }
        }
        child.start();
        return child.self;
    }

    /** Adds the mailbox depth of every descendant of this cell. */
    void collectMailboxDepths(List<MailboxDepth> into) {
        for (ActorCell<?> child : childrenSnapshot()) {
            into.add(new MailboxDepth(child.self, child.mailbox.size()));
            child.collectMailboxDepths(into);
        }
    }

    private synchronized List<ActorCell<?>> childrenSnapshot() {
        return children == null ? List.of() : new ArrayList<>(children.values());
    }

    synchronized int childCount() {
        return children == null ? 0 : children.size();
    }

    private synchronized boolean isChild(ActorCell<?> cell) {
        return children != null && children.get(cell.self.name()) == cell;
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
        synchronized (this) {
            ActorCell<?> child = children == null ? null : children.get(name);
            return Optional.ofNullable(child == null ? null : child.self);
        }
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
        // The turn's own dispatcher, the one running this thread (during a replacement the slot
        // may already name the next one); none when the actor is stopping in place.
        return currentTurn != null ? currentTurn.blocking(work) : work.call();
    }

    @Override
    public void watch(ActorRef<?> ref) {
        checkOnTurn("watch");
        LocalActorRef<?> target = local(ref, "watch");
        if (target.cell == this) {
            return;
        }
        if (watching == null) {
            watching = new HashSet<>();
        }
        if (watching.add(target)) {
            target.cell.sendSystem(SystemMessage.watch(this));
        }
    }

    @Override
    public void unwatch(ActorRef<?> ref) {
        checkOnTurn("unwatch");
        LocalActorRef<?> target = local(ref, "unwatch");
        if (watching != null && watching.remove(target)) {
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
        if (stash == null) {
            stash = new ArrayDeque<>();
        }
        stash.addLast(new Stashed(message, sender));
    }

    @Override
    public void unstashAll() {
        checkOnTurn("unstashAll");
        if (stash == null || stash.isEmpty()) {
            return;
        }
        if (unstashed == null) {
            unstashed = new ArrayDeque<>();
        }
        for (Iterator<Stashed> it = stash.descendingIterator(); it.hasNext(); ) {
            unstashed.addFirst(it.next());
        }
        stash.clear();
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
    public String toString() {
        return "ActorCell[" + self.path() + ", state=" + scheduleState() + "]";
    }

    /** A message put aside by {@link #stash()}. */
    private record Stashed(Object message, ActorRef<?> sender) {
    }

    /** A death-watch notification travelling through the watcher's user mailbox. */
    record DeathWatchSignal(LocalActorRef<?> ref) {
    }

    /** The outcome of a stage piped to the actor ({@link #pipeToSelf}), travelling through its user mailbox. */
    private record Piped<T, M>(T value, Throwable failure, BiFunction<? super T, ? super Throwable, ? extends M> function) {

        /** In the actor's turn. */
        M toMessage(String path) {
            M mapped = function.apply(value, failure);
            if (mapped == null) {
                throw new NullPointerException("the pipeToSelf function of " + path + " returned null");
            }
            return mapped;
        }

        /** What a dead letter carries: the value, or the failure. */
        Object outcome() {
            return failure != null ? failure : value;
        }
    }
}
