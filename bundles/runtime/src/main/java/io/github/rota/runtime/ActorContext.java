package io.github.rota.runtime;

import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.DeadLetter;
import io.github.rota.api.MailboxDepth;
import io.github.rota.api.Props;
import io.github.rota.api.ReceiveContext;
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

/**
 * What an actor's code reaches during its turn ({@link ReceiveContext}): the message in hand and its
 * sender, its children, its death watch and its stash, and its {@link TurnLoop}. The actor itself is
 * the cell ({@link ActorCell}): this is the part of it that a handler calls into, kept on the cell so
 * that handling a message allocates nothing. Its children, death watch and stash are parts with state
 * of their own ({@link Children}, {@link DeathWatch}, {@link Stash}), made at first use: most actors
 * never spawn, watch or stash, and a million of them should not pay for it.
 *
 * <p>Threads: confined to the actor's turns (a context is valid only during the call it was passed
 * to; {@link #checkOnTurn} enforces it), except for the immutable fields and what touches only
 * {@link Children}, which guards itself: {@link #spawnChild} (top-level spawns come from any
 * thread), {@link #childCount} and {@link #collectMailboxDepths} (management, any thread). The
 * children's set is installed by CAS as spawns may race, and read with acquire.
 */
abstract sealed class ActorContext<M> implements ReceiveContext<M>, Children.Child, Cell permits ActorCell {

    private static final VarHandle CHILDREN;

    static {
        try {
            CHILDREN = MethodHandles.lookup().findVarHandle(ActorContext.class, "children", Children.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final RotaActorSystem system;
    /** The actor's mailboxes and the turn that empties them: what its dispatcher runs. */
    final TurnLoop turns;
    final ActorCell<?> parent;
    final LocalActorRef<M> self;
    final Props<M> props;
    /** {@code null} until the first spawn; see the class comment. */
    private volatile Children<ActorCell<?>> children;

    // Turn-confined.
    Object message;
    ActorRef<?> sender;
    Stash stash;
    DeathWatch<ActorCell<?>, LocalActorRef<?>> deathWatch;

    /** @param sampleInterval the actor is tracked, one message in this many timed ({@link ActorMeter}); 0: not tracked */
    ActorContext(RotaActorSystem system, ActorCell<?> parent, String name, int uid, Props<M> props,
                 DispatcherBinding<TurnLoop> dispatcher, Mailbox mailbox, EnvelopePool envelopes, int homeShard,
                 boolean checksEnvelopes, int sampleInterval) {
        this.system = system;
        this.parent = parent;
        this.props = props;
        this.turns = sampleInterval > 0
                ? TrackedTurnLoop.create(system, this, dispatcher, mailbox, envelopes, homeShard, checksEnvelopes, sampleInterval)
                : new TurnLoop(system, this, dispatcher, mailbox, envelopes, homeShard, checksEnvelopes);
        this.self = new LocalActorRef<>(turns, name, uid);
    }

    /** {@return this, as the cell it is} */
    @SuppressWarnings("unchecked") // sealed: the cell is the only kind there is
    private ActorCell<M> cell() {
        return (ActorCell<M>) this;
    }

    /** Sends the actor a system message: any thread. */
    void sendSystem(SystemMessage message) {
        turns.sendSystem(message);
    }

    /** A leaf actor stopping: takes the shared empty set that refuses spawns. @return {@code false} if it has (had) children */
    boolean refuseChildrenIfNone() {
        return casChildren(null, Children.NONE_AND_REFUSING);
    }

    Stash stashed() {
        if (stash == null) {
            stash = new Stash();
        }
        return stash;
    }

    DeathWatch<ActorCell<?>, LocalActorRef<?>> deathWatch() {
        if (deathWatch == null) {
            deathWatch = new DeathWatch<>();
        }
        return deathWatch;
    }


    // ---------------------------------------------------------------- children

    @Override
    public String childName() {
        return self.name();
    }

    /** The children there are now; an actor that never had one makes no set for the answer. */
    List<ActorCell<?>> childList() {
        return childrenOrNone().snapshot();
    }

    /** This actor's set to read, or the shared empty one if it never had a child: makes nothing. */
    @SuppressWarnings("unchecked") // the shared set is empty
    Children<ActorCell<?>> childrenOrNone() {
        Children<ActorCell<?>> known = children;
        return known != null ? known : Children.NONE_AND_REFUSING;
    }

    /** This actor's children's set, made now if it has had none: for a spawn, a stop or a child's end. */
    @SuppressWarnings("unchecked") // the field's type
    Children<ActorCell<?>> children() {
        Children<ActorCell<?>> known = children;
        if (known != null) {
            return known;
        }
        Children<ActorCell<?>> made = new Children<>();
        Object witness = caxChildren(null, made);
        return witness == null ? made : (Children<ActorCell<?>>) witness;
    }

    <C> ActorRef<C> spawnChild(Props<C> childProps, String name) {
        Objects.requireNonNull(childProps, "props");
        ActorNames.checkActorName(name);
        ActorCell<C> child = system.newCell(cell(), childProps, name);
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
            into.add(new MailboxDepth(child.self, child.turns.mailbox.size()));
            child.collectMailboxDepths(into);
        }
    }

    int childCount() {
        return childrenOrNone().count();
    }

    boolean isChild(ActorCell<?> cell) {
        return childrenOrNone().contains(cell);
    }

    // ---------------------------------------------------------------- ReceiveContext

    /**
     * A context is valid only during the call it was passed to, on the thread running the turn: one
     * captured in a callback would otherwise read whichever message is current when it runs, and
     * reply to that message's sender. Such a call fails loudly instead. ({@link #self()},
     * {@link #parent()} and {@link #system()} are immutable and work anywhere.)
     */
    void checkOnTurn(String operation) {
        if (!turns.isHeldByCurrentThread()) {
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
        } else if (ref instanceof LocalActorRef && isChild(((LocalActorRef<?>) ref).cell())) {
            ((LocalActorRef<?>) ref).cell().sendSystem(SystemMessage.terminate());
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
        Turn turn = turns.currentTurn();
        return turn != null ? turn.blocking(work) : work.call();
    }

    @Override
    public void watch(ActorRef<?> ref) {
        checkOnTurn("watch");
        LocalActorRef<?> target = local(ref, "watch");
        if (target.cell() == this) {
            return;
        }
        if (deathWatch().watch(target)) {
            target.cell().sendSystem(SystemMessage.watch(cell()));
        }
    }

    @Override
    public void unwatch(ActorRef<?> ref) {
        checkOnTurn("unwatch");
        LocalActorRef<?> target = local(ref, "unwatch");
        if (deathWatch != null && deathWatch.unwatch(target)) {
            target.cell().sendSystem(SystemMessage.unwatch(cell()));
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
            system.deadLetter(reply, self, null, DeadLetter.Reason.NO_RECIPIENT);
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
        stage.whenComplete((value, failure) -> turns.tell(new Piped<>(value, unwrap(failure), toMessage), null));
    }

    private static Throwable unwrap(Throwable failure) {
        return failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
    }

    /**
     * A racy read of a turn-confined field, for a probe's report only; between turns, the last
     * message while the actor lingers.
     */
    @Override
    public Object messageInHand() {
        return message;
    }

    // Accessors named for their ordering (see io.github.rota.spi.pool); cax: compare-and-exchange.

    private boolean casChildren(Children<?> expect, Children<?> update) {
        return CHILDREN.compareAndSet(this, expect, update);
    }

    private Object caxChildren(Children<?> expect, Children<?> update) {
        return CHILDREN.compareAndExchange(this, expect, update);
    }
}
