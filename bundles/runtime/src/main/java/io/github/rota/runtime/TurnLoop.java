package io.github.rota.runtime;

import io.github.rota.api.ActorRef;
import io.github.rota.api.DeadLetter;
import io.github.rota.spi.dispatch.LingeringSchedulable;
import io.github.rota.spi.dispatch.Turn;
import io.github.rota.spi.mailbox.IdleMarkingMailbox;
import io.github.rota.spi.mailbox.Mailbox;
import io.github.rota.spi.pool.Envelope;
import io.github.rota.spi.pool.EnvelopePool;

/**
 * The turn that empties an actor's mailboxes (Pekko's {@code Mailbox.run}): the schedulable a
 * dispatcher runs for the actor. What a message means to the actor (its lifecycle, supervision, the
 * context) is its {@link Cell}'s; where what cannot be delivered and faults of the machinery go is
 * its {@link TurnSink}. The producers' side of the mailboxes is {@link Mailboxes}.
 *
 * <p>A turn: system messages first, then user messages, one budget for both; an actor whose
 * mailboxes are empty goes idle and is not re-queued, or lingers with its worker if the dispatcher
 * keeps it (still PROCESSING, so a reply costs its producer no scheduling); one that still has work
 * when the budget is spent yields and is queued again behind the others.
 *
 * <p>Going idle through the mailbox: where the mailbox keeps an idle mark (the default one does),
 * an actor whose turn found nothing lets go by marking the mailbox (one compare-and-set); the turn
 * that marks re-reads the system queue after its mark, so a system message pushed when it saw no
 * mark is found (both sides do a volatile write, then a volatile read of the other's word). Where
 * user messages are withheld (suspended, stopping) the mailbox may hold messages the actor must
 * not take yet, so it goes idle the old way: the state word, and a compare-and-set to wake it.
 *
 * <p>Threads: everything in a turn runs on the one thread that holds PROCESSING; turn-confined
 * fields are plain, and are handed from turn to turn by the schedule state's volatile store/CAS
 * chain (owner's store of IDLE → producer's CAS → queue → next owner's CAS), or, idle in the
 * mailbox, by the mailbox's tail (owner's mark CAS → producer's swap → queue → next owner's CAS),
 * or, lingering, by its worker's linger slot (the worker's release store → whoever takes the actor
 * from the slot, with a CAS: the worker again, another thread running the worker, or the
 * starvation probe letting it go).
 *
 * <p>Sealed, with one subclass: a {@link TrackedTurnLoop} carries the metrics of an actor whose path
 * is tracked, so the others keep no field for them.
 */
@SuppressWarnings("serial") // a ForkJoinTask by inheritance, never serialized
sealed class TurnLoop extends Mailboxes implements LingeringSchedulable permits TrackedTurnLoop {

    /**
     * How many times a turn retries a mailbox that has a message it cannot hand out yet (a producer
     * between its two stores) before it yields: about a microsecond, enough for a producer that is
     * still running, far less than the time slice of one the OS has preempted.
     */
    static final int PUBLICATION_SPINS = 64;

    /** Whether each turn checks its envelope was not recycled under it (its pool's debug mode, {@code rota.pool.debug}). */
    private final boolean checksEnvelopes;

    // Turn-confined.
    /**
     * The dispatcher's side of the current turn; {@code null} between turns, except while the actor
     * lingers, when it is the turn that will resume it. Kept then, and stored only when it changes:
     * under G1 a reference stored into this long-lived object from another region costs a fence, and
     * an actor that lingers runs its next turn on the same one.
     */
    private Turn currentTurn;
    /** The dispatcher refused the actor: it is stopping in place ({@link #stopInPlace}). */
    private boolean refused;

    TurnLoop(TurnSink sink, Cell cell, DispatcherBinding<TurnLoop> dispatcher, Mailbox mailbox, EnvelopePool envelopes,
             int homeShard, boolean checksEnvelopes) {
        super(sink, cell, dispatcher, mailbox, envelopes, homeShard);
        this.checksEnvelopes = checksEnvelopes;
    }

    /**
     * Our dispatcher refused us for good (our {@link DispatcherBinding} decides that): it has stopped
     * and is still bound, so this actor can never run there again.
     * We hold SCHEDULED and are on no queue, so this thread is the actor's only runner, and the actor
     * stops here, on this thread: its user messages become dead letters ({@code DISPATCHER_REJECTED}),
     * and its system messages are still answered — its children stop, {@code postStop} runs if the
     * actor was created, watchers get {@code Terminated} and the parent its child's end, so stopping
     * the parent and terminating the system complete. While it waits for its children, each system
     * message (a child's end) is refused in turn and brings it back here. A fault on the way is
     * reported; if a message came in as the actor was let go, it stops here again rather than stay
     * held with nobody to run it.
     */
    void stopInPlace(RuntimeException cause) {
        if (!takeForProcessing()) {
            return; // cannot happen: we hold SCHEDULED
        }
        if (!refused) {
            refused = true;
            sink.fault(dispatcher.id(), cause, cell.self());
        }
        while (true) {
            try {
                deadLetterMailbox(DeadLetter.Reason.DISPATCHER_REJECTED);
                cell.beginStop();
                while (!cell.isTerminated()) {
                    if (!processSystemMessage()) {
                        deadLetterMailbox(DeadLetter.Reason.DISPATCHER_REJECTED);
                        if (finishOrReclaim()) {
                            return; // waiting for children: the next system message is refused and returns here
                        }
                    }
                }
                return;
            } catch (RuntimeException | Error fault) {
                sink.fault(dispatcher.id(), fault, cell.self());
                if (isClosed() || finishOrReclaim()) {
                    return;
                }
                // Reclaimed: a message came in as we let go, and no dispatcher will run us: again, here.
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
        if (isLingering()) {
            resumeHeld(); // the worker kept us after our last turn: we never stopped holding PROCESSING
        } else if (!takeForProcessing()) {
            if (!isClosed()) {
                // Only a dispatcher that handed one scheduling to two threads gets here; the other runs the turn.
                sink.fault(dispatcher.id(), new IllegalStateException("dispatcher '" + dispatcher.id()
                        + "' handed one scheduling of " + cell.self().path() + " to two threads; this one does not run it"),
                        cell.self());
            }
            return false;
        }
        int actorBudget = cell.budget();
        int budget = actorBudget > 0 ? Math.min(actorBudget, turn.budget()) : turn.budget();
        ActorMeter meter = meter();
        int spent = 0;
        int handled = 0;
        if (currentTurn != turn) {
            currentTurn = turn;
        }
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
                    if (cell.isTerminated()) {
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
            sink.fault(dispatcher.id(), fault, cell.self());
            if (isClosed() || finishOrReclaim()) {
                return false;
            }
            yieldTurn();
            return true;
        } finally {
            turn.messagesHandled(handled);
        }
    }

    /** Turn-confined: hands the oldest system message to the actor. @return {@code false} if there was none */
    private boolean processSystemMessage() {
        SystemMessage m = pollSystemMessage();
        if (m == null) {
            return false;
        }
        cell.putDownMessage();
        cell.process(m);
        return true;
    }

    /**
     * @return the dispatcher's side of the current turn; {@code null} while stopping in place, and
     *         between turns unless the actor lingers (then the turn that ran it last)
     */
    Turn currentTurn() {
        return currentTurn;
    }

    /**
     * The actor leaves the turn's hands (stopped in it, yielded, idle, or released from lingering):
     * before any release, so the next owner sets its own turn and message.
     */
    void endCurrentTurn() {
        currentTurn = null;
        cell.putDownMessage();
    }

    /** Budget spent (or a producer is mid-enqueue) with work left: PROCESSING → SCHEDULED, to be queued again. */
    private void yieldTurn() {
        endCurrentTurn();
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
        if (turn.linger(this)) {
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
        if (!isLingering()) {
            throw new IllegalStateException(cell.self().path() + " is not lingering");
        }
        endCurrentTurn(); // idle, or queued again if work came in
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
        endCurrentTurn();
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
        if (mailbox instanceof IdleMarkingMailbox marking && cell.userMessages() == Cell.UserMessages.MAILBOX
                && systemQueueIsEmpty()) {
            markIdleInMailbox();
            if (!marking.tryMarkIdle()) {
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
            return hasPushedSystemMessage() && wakeThroughMailbox();
        } catch (RuntimeException | Error fault) {
            // The envelope pool failed us: the system message waits for the next send. Reported.
            sink.fault(dispatcher.id(), fault, cell.self());
            return false;
        }
    }

    private boolean hasRunnableWork() {
        if (!systemQueueIsEmpty()) {
            return true;
        }
        Cell.UserMessages from = cell.userMessages();
        return from == Cell.UserMessages.UNSTASHED || (from == Cell.UserMessages.MAILBOX && mailbox.hasMessages());
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
        Cell.UserMessages from = cell.userMessages();
        if (from == Cell.UserMessages.WITHHELD) {
            return Take.NONE;
        }
        if (from == Cell.UserMessages.UNSTASHED) {
            cell.invokeUnstashed();
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
            cell.invoke(envelope.message(), envelope.sender());
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
            throw new IllegalStateException("use after recycle: " + cell.self().path() + " was handed an envelope already"
                    + " back in the pool (home shard " + envelope.homeShard() + "); its mailbox released it too early");
        }
        int generation = envelope.generation();
        cell.invoke(envelope.message(), envelope.sender());
        if (envelope.generation() != generation || envelope.isRecycled()) {
            throw new IllegalStateException("use after recycle: the envelope of a message to " + cell.self().path()
                    + " went back to the pool during its turn (home shard " + envelope.homeShard() + ")");
        }
    }

    @Override
    public String name() {
        return cell.self().path();
    }

    /** A racy read of a turn-confined field, for a probe's report only. */
    @Override
    public Object messageInHand() {
        return cell.messageInHand();
    }

    @Override
    public String toString() {
        return "TurnLoop[" + cell.self().path() + ", state=" + scheduleState() + "]";
    }
}
