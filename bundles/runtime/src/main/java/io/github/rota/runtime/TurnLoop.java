package io.github.rota.runtime;

import io.github.rota.api.ActorRef;
import io.github.rota.api.DeadLetter;
import io.github.rota.api.PoisonPill;
import io.github.rota.spi.dispatch.Turn;
import io.github.rota.spi.mailbox.Mailbox;
import io.github.rota.spi.pool.Envelope;
import io.github.rota.spi.pool.EnvelopePool;
import java.util.Objects;

/**
 * An actor's mailboxes and the turn that empties them (Pekko's {@code Mailbox.run} with its
 * dungeon {@code Dispatch}): producers enqueue and schedule the actor, a dispatcher runs its
 * turns. What a message means to the actor (its lifecycle, supervision, the context) is
 * {@link ActorCell}'s, through the hooks at the end.
 *
 * <p>A turn: system messages first, then user messages, one budget for both; an actor whose
 * mailboxes are empty goes idle and is not re-queued, or lingers with its worker if the dispatcher
 * keeps it (still PROCESSING, so a reply costs its producer no scheduling); one that still has work
 * when the budget is spent yields and is queued again behind the others.
 *
 * <p>Going idle through the mailbox: where the mailbox keeps an idle mark (the default one does),
 * an actor whose turn found nothing lets go by marking the mailbox (one compare-and-set), and the
 * producer whose offer clears the mark schedules it with a plain store instead of a compare-and-set
 * on the state word. A system message has no envelope to clear the mark with, so a producer of one
 * that finds the mark standing sends a {@link WakeUp} envelope through the user mailbox, which the
 * turn skips; the turn that marks re-reads the system queue after its mark, so a push that saw no
 * mark is found (both sides do a volatile write, then a volatile read of the other's word). Where
 * user messages are withheld (suspended, stopping) the mailbox may hold messages the actor must
 * not take yet, so it goes idle the old way: the state word, and a compare-and-set to wake it.
 *
 * <p>Threads: {@link #tell} and {@link #sendSystem} run on any thread (producers). Everything in a
 * turn runs on the one thread that holds PROCESSING; turn-confined fields are plain, and are
 * handed from turn to turn by the schedule state's volatile store/CAS chain (owner's store of IDLE
 * → producer's CAS → queue → next owner's CAS), or, idle in the mailbox, by the mailbox's tail
 * (owner's mark CAS → producer's swap → queue → next owner's CAS). This object's monitor serialises the draining of a
 * closed actor's mailbox.
 */
@SuppressWarnings("serial") // a ForkJoinTask by inheritance, never serialized
abstract class TurnLoop extends ScheduleState {

    /**
     * How many times a turn retries a mailbox that has a message it cannot hand out yet (a producer
     * between its two stores) before it yields: about a microsecond, enough for a producer that is
     * still running, far less than the time slice of one the OS has preempted.
     */
    static final int PUBLICATION_SPINS = 64;

    final RotaActorSystem system;
    final DispatcherBinding<TurnLoop> dispatcher;
    final Mailbox mailbox;
    final SystemQueue systemQueue = new SystemQueue();
    private final EnvelopePool envelopes;
    private final int homeShard;
    /** The actor's own budget per turn, below the dispatcher's; 0: the dispatcher's. */
    private final int actorBudget;
    /** Whether each turn checks its envelope was not recycled under it (its pool's debug mode, {@code rota.pool.debug}). */
    private final boolean checksEnvelopes;

    // Turn-confined.
    /** The dispatcher's side of the current turn; {@code null} between turns. */
    private Turn currentTurn;
    /** The dispatcher refused the actor: it is stopping in place ({@link #stopInPlace}). */
    private boolean refused;
    /**
     * The last turn ended with the actor lingering: its worker keeps it, still PROCESSING, and runs
     * it again or lets it go ({@link #releaseLingering}). Written by the turn, read by the next
     * holder, which got the actor through the worker's linger slot (a release store, then a CAS).
     */
    private boolean lingering;

    TurnLoop(RotaActorSystem system, DispatcherBinding<TurnLoop> dispatcher, Mailbox mailbox, EnvelopePool envelopes,
             int homeShard, int actorBudget, boolean checksEnvelopes) {
        this.system = system;
        this.dispatcher = dispatcher;
        this.mailbox = mailbox;
        this.envelopes = envelopes;
        this.homeShard = homeShard;
        this.actorBudget = actorBudget;
        this.checksEnvelopes = checksEnvelopes;
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
        Mailbox.Offer offer = deliver(msg, from);
        if (offer == Mailbox.Offer.WAKES) {
            dispatcher.schedule(this);
        } else if (offer == Mailbox.Offer.REFUSED) {
            system.deadLetters().publish(msg, from, self(), DeadLetter.Reason.MAILBOX_FULL);
        } else if (isClosed()) {
            // The actor stopped while we enqueued; its final drain may have missed our message.
            drainClosedMailbox();
        } else if (countWaitingSend()) {
            expedite();
        }
    }

    /**
     * Offers a message to the user mailbox, in an envelope from the actor's home shard, and claims
     * the actor if the actor was idle: through the mailbox's idle mark, or the schedule state's
     * IDLE → SCHEDULED.
     *
     * @return {@code WAKES} if the caller must hand the actor to its dispatcher, {@code REFUSED} if
     *         the mailbox refused the message (bounded and full), {@code QUEUED} otherwise
     */
    Mailbox.Offer deliver(Object msg, ActorRef<?> from) {
        Envelope envelope = envelopes.acquire(homeShard).fill(msg, from);
        ActorMeter meter = meter();
        if (meter != null) {
            meter.sending(envelope); // before the offer, which publishes the envelope to the turn
        }
        Mailbox.Offer offer;
        try {
            offer = mailbox.offer(envelope);
        } catch (RuntimeException | Error fault) {
            if (meter != null) {
                meter.refused(envelope); // a mailbox that threw (a priority's comparator) keeps no sample
            }
            throw fault;
        }
        if (offer == Mailbox.Offer.REFUSED) {
            if (meter != null) {
                meter.refused(envelope);
            }
            envelopes.release(envelope);
        } else if (offer == Mailbox.Offer.WAKES) {
            scheduleWoken();
        } else if (offer == Mailbox.Offer.QUEUED && trySchedule()) {
            return Mailbox.Offer.WAKES;
        }
        return offer;
    }

    /**
     * Offers a message of the machinery's (a wake-up, a death-watch signal) in an envelope from the
     * actor's home shard; a refused envelope goes back to the pool. Never timed for metrics.
     */
    private Mailbox.Offer offer(Object msg, ActorRef<?> from) {
        Envelope envelope = envelopes.acquire(homeShard).fill(msg, from);
        Mailbox.Offer offer = mailbox.offer(envelope);
        if (offer == Mailbox.Offer.REFUSED) {
            envelopes.release(envelope);
        }
        return offer;
    }

    /**
     * Asks the dispatcher to hurry this waiting actor. Only a hint, and the message is already queued:
     * a dispatcher whose {@code expedite} throws is reported, never the sender's failure.
     */
    private void expedite() {
        try {
            dispatcher.expedite(this);
        } catch (RuntimeException fault) {
            system.dispatcherError(dispatcher.id(), fault, self());
        }
    }

    void sendSystem(SystemMessage systemMessage) {
        if (!systemQueue.push(systemMessage)) {
            systemMessageRefused(systemMessage);
            return;
        }
        if (wakeForSystemMessage()) {
            dispatcher.schedule(this);
        }
    }

    /**
     * After a push to the system queue: claims the actor if it is idle, through its mailbox if the
     * mailbox holds the idle mark.
     *
     * @return {@code true} if the caller must hand the actor to its dispatcher
     */
    boolean wakeForSystemMessage() {
        return mailbox.isMarkedIdle() ? wakeThroughMailbox() : trySchedule();
    }

    /**
     * Sends a {@link WakeUp} through the user mailbox to clear its idle mark.
     *
     * @return {@code true} if it cleared the mark and now holds SCHEDULED; {@code false} if someone
     *         else had cleared it already (the turn they scheduled skips the wake-up), or the
     *         mailbox was full, so not idle, and the state word decided
     */
    private boolean wakeThroughMailbox() {
        Mailbox.Offer offer = offer(WakeUp.SIGNAL, null);
        if (offer == Mailbox.Offer.WAKES) {
            scheduleWoken();
            return true;
        }
        if (offer == Mailbox.Offer.REFUSED) {
            return trySchedule();
        }
        if (isClosed()) {
            drainClosedMailbox(); // it stopped meanwhile, and its last drain may have missed the wake-up
        }
        return false;
    }

    /**
     * Puts a message in the user mailbox, in an envelope from the actor's home shard; schedules
     * nothing. For the turn's message to the actor itself (a death-watch signal, behind what is
     * there): the turn holds the actor, so its mailbox holds no idle mark to clear.
     *
     * @return {@code false} if the mailbox refused it (it is bounded and full)
     */
    boolean enqueue(Object msg, ActorRef<?> from) {
        return offer(msg, from) != Mailbox.Offer.REFUSED;
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
     * Our dispatcher refused us for good (our {@link DispatcherBinding} decides that): it has stopped
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
            system.dispatcherError(dispatcher.id(), cause, self());
        }
        try {
            deadLetterMailbox(DeadLetter.Reason.DISPATCHER_REJECTED);
            beginStop();
            while (!isTerminated()) {
                if (!processSystemMessage()) {
                    deadLetterMailbox(DeadLetter.Reason.DISPATCHER_REJECTED);
                    if (finishOrReclaim()) {
                        return; // waiting for children: the next system message is refused and returns here
                    }
                }
            }
        } catch (RuntimeException | Error fault) {
            system.dispatcherError(dispatcher.id(), fault, self());
            if (!isClosed()) {
                finishOrReclaim();
            }
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
        if (lingering) {
            lingering = false; // the worker kept us after our last turn: we never stopped holding PROCESSING
            resumeHeld();
        } else if (!takeForProcessing()) {
            if (!isClosed()) {
                // Only a dispatcher that handed one scheduling to two threads gets here; the other runs the turn.
                system.dispatcherError(dispatcher.id(), new IllegalStateException("dispatcher '" + dispatcher.id()
                        + "' handed one scheduling of " + self().path() + " to two threads; this one does not run it"),
                        self());
            }
            return false;
        }
        int budget = actorBudget > 0 ? Math.min(actorBudget, turn.budget()) : turn.budget();
        ActorMeter meter = meter();
        int spent = 0;
        int handled = 0;
        currentTurn = turn;
        try {
            while (true) {
                if (spent >= budget) {
                    if (!hasRunnableWork() && lingerOrFinish(turn)) {
                        return false;
                    }
                    yieldTurn();
                    return true;
                }
                if (processSystemMessage()) {
                    spent++;
                    if (isTerminated()) {
                        return false;
                    }
                    continue;
                }
                switch (processUserMessage(meter)) {
                    case HANDLED -> {
                        spent++;
                        handled++;
                        if (meter != null) {
                            meter.messageHandled();
                        }
                    }
                    case PUBLISHING -> {
                        // A producer was preempted between its two stores: let the others run meanwhile.
                        yieldTurn();
                        return true;
                    }
                    case NONE -> {
                        if (lingerOrFinish(turn)) {
                            return false;
                        }
                        // Reclaimed: a message arrived after we looked; the next round takes it.
                    }
                }
            }
        } catch (Throwable fault) {
            // Only a bug in the machinery gets here: user code is guarded in invoke().
            system.dispatcherError(dispatcher.id(), fault, self());
            if (isClosed() || finishOrReclaim()) {
                return false;
            }
            yieldTurn();
            return true;
        } finally {
            turn.messagesHandled(handled);
        }
    }

    /** @return the dispatcher's side of the current turn; {@code null} outside one, or while stopping in place */
    Turn currentTurn() {
        return currentTurn;
    }

    /** The actor stopped in this turn: nothing runs on the turn any more. */
    void endCurrentTurn() {
        currentTurn = null;
    }

    /** Budget spent (or a producer is mid-enqueue) with work left: PROCESSING → SCHEDULED, to be queued again. */
    private void yieldTurn() {
        currentTurn = null; // before the release: the next owner sets its own
        yieldToScheduled();
    }

    /**
     * The turn found no work: the actor lingers with its worker if the dispatcher keeps it (see
     * {@link Turn#linger}), so that a reply to what it just sent runs it again with no scheduling;
     * otherwise it goes idle.
     *
     * @return {@code true} if the turn is over (the actor lingers, is idle, or another producer
     *         scheduled it); {@code false} if this turn owns it again
     */
    private boolean lingerOrFinish(Turn turn) {
        if (turn.linger()) {
            lingering = true;
            currentTurn = null;
            holdForLingering();
            return true;
        }
        return finishOrReclaim();
    }

    /** Its worker asks whether the lingering actor has work: read as in {@link #hasRunnableWork}. */
    @Override
    public boolean hasWork() {
        return hasRunnableWork();
    }

    /**
     * Its worker lets the lingering actor go (before it turns to other work, searches, parks or
     * stops), or the starvation probe does (behind a long turn), as a turn that found nothing does
     * ({@link #letGo}): a producer that saw PROCESSING and left the message to the worker makes the
     * mark fail, or is found by the re-check, so it is never lost (jcstress
     * {@code LingeringReleaseVersusEnqueueTest}).
     *
     * @return {@code true} if work had arrived and we are SCHEDULED again: the caller queues us
     */
    @Override
    public boolean releaseLingering() {
        if (!lingering) {
            throw new IllegalStateException(self().path() + " is not lingering");
        }
        lingering = false;
        return letGo();
    }

    /**
     * Lets the actor go, and takes it back if work came in meanwhile.
     *
     * @return {@code true} if the actor is now idle (or another producer scheduled it); {@code false}
     *         if this turn owns it again
     */
    private boolean finishOrReclaim() {
        Turn turn = currentTurn;
        currentTurn = null; // before the release: the next owner sets its own
        if (!letGo()) {
            return true;
        }
        takeForProcessing(); // we hold SCHEDULED and the actor is on no queue: cannot fail
        currentTurn = turn;
        return false;
    }

    /**
     * The actor has no work: the holder lets it go idle. Through the mailbox's mark where it keeps
     * one and user messages are taken (see the class comment), or IDLE then a re-read of the
     * mailboxes: a producer that enqueued after our last look and saw PROCESSING did not schedule us,
     * so if work is there we take the actor back.
     *
     * @return {@code true} if work had arrived and the caller holds SCHEDULED again, the actor on no
     *         queue; {@code false} if it is idle, or someone else scheduled it
     */
    private boolean letGo() {
        // The system queue is checked before the mark too: after it, its consumer's batch (messages
        // taken but not yet handled, which a fault in the turn can leave behind) is the next owner's.
        if (userMessagesEnabled() && !hasUnstashed() && systemQueue.isEmpty() && mailbox.marksIdle()) {
            markIdleInMailbox();
            if (!mailbox.tryMarkIdle()) {
                scheduleWoken(); // a message came in before the mark: still ours
                return true;
            }
            return wakeAfterMark();
        }
        setIdle();
        return hasRunnableWork() && trySchedule();
    }

    /**
     * Right after the mark, which gave the actor up: a system message pushed before the mark found
     * none, and left the wake-up to us. Nothing here may throw into the turn: its recovery would let
     * go of an actor that is no longer ours, perhaps running on another thread by now.
     *
     * @return {@code true} if we woke the actor and hold SCHEDULED
     */
    private boolean wakeAfterMark() {
        try {
            return systemQueue.hasPushed() && wakeThroughMailbox();
        } catch (RuntimeException | Error fault) {
            // The envelope pool failed us: the system message waits for the next send. Reported.
            system.dispatcherError(dispatcher.id(), fault, self());
            return false;
        }
    }

    private boolean hasRunnableWork() {
        return !systemQueue.isEmpty() || (userMessagesEnabled() && (hasUnstashed() || mailbox.hasMessages()));
    }

    /** What one attempt to handle a user message found. */
    private enum Take {
        /** A message was handled. */
        HANDLED,
        /** None to handle (or user messages are withheld): the turn may end. */
        NONE,
        /** One is in but cannot be handed out yet, even after a short wait: its producer is mid-enqueue. */
        PUBLISHING
    }

    /** @param meter the actor's metrics if it is tracked, else {@code null} (read once per turn) */
    private Take processUserMessage(ActorMeter meter) {
        if (!userMessagesEnabled()) {
            return Take.NONE;
        }
        if (hasUnstashed()) {
            invokeUnstashed();
            return Take.HANDLED;
        }
        Envelope envelope;
        do {
            envelope = mailbox.dequeue();
            if (envelope == null) {
                if (!mailbox.hasMessages()) {
                    return Take.NONE;
                }
                envelope = awaitPublication();
                if (envelope == null) {
                    return Take.PUBLISHING;
                }
            }
        } while (envelope.message() == WakeUp.SIGNAL); // it has done its work by being sent
        // The envelope stays valid until the next dequeue; nothing keeps it beyond this call.
        boolean timed = meter != null && meter.startSample(envelope);
        if (checksEnvelopes) {
            invokeChecked(envelope);
        } else {
            invoke(envelope.message(), envelope.sender());
        }
        if (timed) {
            meter.sampleHandled();
        }
        // It may stay in the mailbox (as its sentinel) until the next message, which for an idle
        // actor can be never: it must not keep this message and its sender alive meanwhile.
        envelope.clearMessage();
        return Take.HANDLED;
    }

    /**
     * The mailbox has a message it cannot hand out: a producer is between its two stores (a
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
            throw new IllegalStateException("use after recycle: " + self().path() + " was handed an envelope already"
                    + " back in the pool (home shard " + envelope.homeShard() + "); its mailbox released it too early");
        }
        int generation = envelope.generation();
        invoke(envelope.message(), envelope.sender());
        if (envelope.generation() != generation || envelope.isRecycled()) {
            throw new IllegalStateException("use after recycle: the envelope of a message to " + self().path()
                    + " went back to the pool during its turn (home shard " + envelope.homeShard() + ")");
        }
    }

    // ---------------------------------------------------------------- dead letters

    /** Turn-confined: every user message that can be handed out now becomes a dead letter. */
    private void deadLetterMailbox(DeadLetter.Reason reason) {
        for (Envelope e = mailbox.dequeue(); e != null; e = mailbox.dequeue()) {
            deadLetter(e, reason);
        }
    }

    /**
     * Turns every message left in a closed actor's mailbox into a dead letter. Called by the actor's
     * last turn and by producers that enqueued while it closed; the monitor keeps them to one
     * consumer at a time.
     */
    void drainClosedMailbox() {
        synchronized (this) {
            while (mailbox.hasMessages()) {
                Envelope envelope = mailbox.dequeue();
                if (envelope == null) {
                    Thread.onSpinWait(); // a producer is between its swap and its link
                    continue;
                }
                deadLetter(envelope, DeadLetter.Reason.RECIPIENT_STOPPED);
            }
        }
    }

    /**
     * A dequeued envelope's message becomes a dead letter, and the envelope lets go of it: the
     * mailbox may keep the envelope (as its sentinel) for as long as anyone holds the stopped actor.
     */
    private void deadLetter(Envelope envelope, DeadLetter.Reason reason) {
        deadLetterUserMessage(envelope.message(), envelope.sender(), reason);
        envelope.clearMessage();
    }

    void deadLetterUserMessage(Object msg, ActorRef<?> from, DeadLetter.Reason reason) {
        if (msg instanceof Piped<?, ?> piped) {
            system.deadLetters().publish(piped.outcome(), from, self(), reason);
        } else if (!(msg instanceof DeathWatchSignal) && msg != WakeUp.SIGNAL) {
            system.deadLetters().publish(msg, from, self(), reason);
        }
    }

    /**
     * What a system message's producer sends through the user mailbox to clear its idle mark: a
     * message for the turn, never for the actor, and never a dead letter.
     */
    private enum WakeUp {
        SIGNAL
    }

    // ---------------------------------------------------------------- what the actor makes of it

    /**
     * {@return the actor's metrics if it is tracked, else {@code null}} Overridden only by
     * {@link TrackedActorCell}: until one is loaded, the JIT makes this a constant.
     */
    ActorMeter meter() {
        return null;
    }

    /** {@return the actor's reference} */
    abstract ActorRef<?> self();

    /** Turn-confined: handles one system message. @return {@code false} if there was none */
    abstract boolean processSystemMessage();

    /**
     * Whether the actor takes user messages now (not while it is suspended, restarting or
     * stopping). Read by the turn, and once more right after the turn lets the actor go idle
     * ({@link #finishOrReclaim}), when it may be stale: a wrong answer there costs a failed
     * {@code trySchedule} or an empty turn, never a message, since a producer that enqueued after
     * the release schedules the actor itself.
     */
    abstract boolean userMessagesEnabled();

    /** Turn-confined: whether the actor has stopped. */
    abstract boolean isTerminated();

    /** Whether messages taken back from the stash wait ahead of the mailbox; read as {@link #userMessagesEnabled} is. */
    abstract boolean hasUnstashed();

    /** Turn-confined: handles the oldest of those. */
    abstract void invokeUnstashed();

    /** Turn-confined: hands one user message to the actor. */
    abstract void invoke(Object msg, ActorRef<?> from);

    /** Turn-confined: the actor begins to stop (here: its dispatcher refused it). */
    abstract void beginStop();

    /** A system message arrived after the actor closed. */
    abstract void systemMessageRefused(SystemMessage message);
}
