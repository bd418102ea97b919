package io.github.rota.runtime;

import io.github.rota.api.ActorRef;
import io.github.rota.api.DeadLetter;
import io.github.rota.api.PoisonPill;
import io.github.rota.spi.mailbox.IdleMarkingMailbox;
import io.github.rota.spi.mailbox.IdleMarkingMailbox.Offer;
import io.github.rota.spi.mailbox.Mailbox;
import io.github.rota.spi.pool.Envelope;
import io.github.rota.spi.pool.EnvelopePool;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;

/**
 * An actor's two mailboxes, the user mailbox and the system queue, as its producers use them: a
 * send puts an envelope in the user mailbox (or a system message in the system queue) and, if the
 * actor was idle, claims it and hands it to its dispatcher. What cannot be delivered becomes a dead
 * letter here. The turn that empties the mailboxes is {@link TurnLoop}'s, and what a message means
 * to the actor is its {@link Cell}'s.
 *
 * <p>Waking an actor idle in its mailbox: where the mailbox keeps an idle mark (the default one
 * does), the producer whose offer clears the mark schedules the actor with a plain store instead of
 * a compare-and-set on the state word. A system message has no envelope to clear the mark with, so
 * a producer of one that finds the mark standing sends a {@link WakeUp} envelope through the user
 * mailbox, which the turn skips.
 *
 * <p>The system queue: many producers, one consumer, FIFO, closable. Producers CAS messages onto
 * an intrusive LIFO stack ({@code systemHead}); the consumer swaps the whole stack out and reverses it
 * into a private FIFO batch (the technique of Pekko's system queue). Each message object is pushed
 * once, so the CAS has no ABA problem. A producer writes {@code message.next} plainly, then
 * publishes it with the CAS; the consumer's get-and-set acquires it. Its fields live here, not in
 * an object of their own, because a million idle actors would pay for that object.
 *
 * <p>Invariants ({@code SystemQueueTest}): FIFO per producer; non-empty as soon as a push returns;
 * after {@link #closeSystemQueue} every push fails and every message pushed before is returned
 * exactly once; closed is final: the closed marker is never polled, never counts as a message and
 * is never swapped out.
 *
 * <p>Threads: {@link #tell} and {@link #sendSystem} run on any thread (producers); the system
 * queue's batch and the dead-letter drains are the turn's, or (for a closed actor) serialised by
 * this object's monitor.
 */
@SuppressWarnings("serial") // a ForkJoinTask by inheritance, never serialized
abstract sealed class Mailboxes extends ScheduleState permits TurnLoop {

    /** Where what cannot be delivered, and faults of the machinery, are reported. */
    final TurnSink sink;
    /** The actor the messages are for. */
    final Cell cell;
    final DispatcherBinding<TurnLoop> dispatcher;
    final Mailbox mailbox;
    private final EnvelopePool envelopes;
    private final int homeShard;
    /** The system queue's stack of pushed messages; see the class comment. */
    @SuppressWarnings("unused") // accessed through SYSTEM_HEAD
    private volatile SystemMessage systemHead;
    /** Consumer only: the system messages taken from the stack, oldest first. */
    private SystemMessage systemBatch;

    /** Stands in the system queue's head once it is closed. */
    private static final SystemMessage CLOSED = SystemMessage.terminate();
    private static final VarHandle SYSTEM_HEAD;

    static {
        try {
            SYSTEM_HEAD = MethodHandles.lookup().findVarHandle(Mailboxes.class, "systemHead", SystemMessage.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    Mailboxes(TurnSink sink, Cell cell, DispatcherBinding<TurnLoop> dispatcher, Mailbox mailbox,
              EnvelopePool envelopes, int homeShard) {
        this.sink = sink;
        this.cell = cell;
        this.dispatcher = dispatcher;
        this.mailbox = mailbox;
        this.envelopes = envelopes;
        this.homeShard = homeShard;
    }

    /**
     * {@return the actor's metrics if it is tracked, else {@code null}} Overridden only by
     * {@link TrackedTurnLoop}: until one is loaded, the JIT makes this a constant. Here, and not on
     * the cell, because a send must touch only what the sender reads anyway: the turn writes the
     * cell's lines with every message it hands over, and a producer reading them would pull them to
     * its core and back on every send.
     */
    ActorMeter meter() {
        return null;
    }

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
        Offer offer = deliver(msg, from);
        if (offer == Offer.WAKES) {
            dispatcher.schedule(task());
        } else if (offer == Offer.REFUSED) {
            sink.deadLetter(msg, from, cell.self(), DeadLetter.Reason.MAILBOX_FULL);
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
    Offer deliver(Object msg, ActorRef<?> from) {
        Envelope envelope = envelopes.acquire(homeShard).fill(msg, from);
        ActorMeter meter = meter();
        if (meter != null) {
            meter.sending(envelope); // before the offer, which publishes the envelope to the turn
        }
        Offer offer;
        try {
            offer = offerTo(envelope);
        } catch (RuntimeException | Error fault) {
            if (meter != null) {
                meter.refused(envelope); // a mailbox that threw (a priority's comparator) keeps no sample
            }
            throw fault;
        }
        if (offer == Offer.REFUSED) {
            if (meter != null) {
                meter.refused(envelope);
            }
            envelopes.release(envelope);
        } else if (offer == Offer.WAKES) {
            scheduleWoken();
        } else if (offer == Offer.QUEUED && trySchedule()) {
            return Offer.WAKES;
        }
        return offer;
    }

    /**
     * Offers a message of the machinery's (a wake-up, a death-watch signal) in an envelope from the
     * actor's home shard; a refused envelope goes back to the pool. Never timed for metrics.
     */
    private Offer offer(Object msg, ActorRef<?> from) {
        Envelope envelope = envelopes.acquire(homeShard).fill(msg, from);
        Offer offer = offerTo(envelope);
        if (offer == Offer.REFUSED) {
            envelopes.release(envelope);
        }
        return offer;
    }

    /** Offers to the mailbox: through its idle mark where it keeps one; a plain enqueue otherwise. */
    private Offer offerTo(Envelope envelope) {
        if (mailbox instanceof IdleMarkingMailbox marking) {
            return marking.offer(envelope);
        }
        return mailbox.enqueue(envelope) ? Offer.QUEUED : Offer.REFUSED;
    }

    /**
     * Asks the dispatcher to hurry this waiting actor. Only a hint, and the message is already queued:
     * a dispatcher whose {@code expedite} throws is reported, never the sender's failure.
     */
    private void expedite() {
        try {
            dispatcher.expedite(task());
        } catch (RuntimeException fault) {
            sink.fault(dispatcher.id(), fault, cell.self());
        }
    }

    void sendSystem(SystemMessage systemMessage) {
        if (!pushSystemMessage(systemMessage)) {
            cell.systemMessageRefused(systemMessage);
            return;
        }
        if (wakeForSystemMessage()) {
            dispatcher.schedule(task());
        }
    }

    /**
     * After a push to the system queue: claims the actor if it is idle, through its mailbox if the
     * mailbox holds the idle mark.
     *
     * @return {@code true} if the caller must hand the actor to its dispatcher
     */
    boolean wakeForSystemMessage() {
        return mailbox instanceof IdleMarkingMailbox marking && marking.isMarkedIdle() ? wakeThroughMailbox() : trySchedule();
    }

    /**
     * Sends a {@link WakeUp} through the user mailbox to clear its idle mark.
     *
     * @return {@code true} if it cleared the mark and now holds SCHEDULED; {@code false} if someone
     *         else had cleared it already (the turn they scheduled skips the wake-up), or the
     *         mailbox was full, so not idle, and the state word decided
     */
    boolean wakeThroughMailbox() {
        Offer offer = offer(WakeUp.SIGNAL, null);
        if (offer == Offer.WAKES) {
            scheduleWoken();
            return true;
        }
        if (offer == Offer.REFUSED) {
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
        return offer(msg, from) != Offer.REFUSED;
    }

    /**
     * The dispatcher we were queued on stopped before running us and its owner handed us back: we
     * hold SCHEDULED and are on no queue, so we schedule ourselves again, on whatever serves our
     * dispatcher id now (a replacement), or wait for one.
     */
    @Override
    public void handedBack(RuntimeException cause) {
        dispatcher.schedule(task());
    }

    // ---------------------------------------------------------------- the system queue

    /** @return {@code false} if the queue is closed; the message was not queued */
    boolean pushSystemMessage(SystemMessage message) {
        while (true) {
            SystemMessage current = lvSystemHead();
            if (current == CLOSED) {
                return false;
            }
            message.next = current;
            if (casSystemHead(current, message)) {
                return true;
            }
        }
    }

    /** Consumer only. @return the oldest system message, or {@code null} (always, once closed) */
    SystemMessage pollSystemMessage() {
        if (systemBatch == null) {
            SystemMessage head = lvSystemHead();
            if (head == null || head == CLOSED) {
                return null; // the marker is never handed out, and only closeSystemQueue() ever stores it
            }
            systemBatch = reverse(xchgSystemHead(null));
        }
        SystemMessage message = systemBatch;
        systemBatch = message.next;
        message.next = null;
        return message;
    }

    /**
     * Any thread: whether a system message was pushed since the consumer last took the pushed ones;
     * reads only the head (volatile), not the consumer's batch.
     */
    boolean hasPushedSystemMessage() {
        Object head = lvSystemHead();
        return head != null && head != CLOSED;
    }

    /** Consumer only. */
    boolean systemQueueIsEmpty() {
        return systemBatch == null && !hasPushedSystemMessage();
    }

    /**
     * Consumer only. Closes the system queue.
     *
     * @return the messages not yet polled, oldest first, linked through {@code next}
     */
    SystemMessage closeSystemQueue() {
        SystemMessage pushed = xchgSystemHead(CLOSED);
        SystemMessage rest = pushed == CLOSED ? null : reverse(pushed);
        if (systemBatch == null) {
            return rest;
        }
        SystemMessage tail = systemBatch;
        while (tail.next != null) {
            tail = tail.next;
        }
        tail.next = rest;
        SystemMessage all = systemBatch;
        systemBatch = null;
        return all;
    }

    private static SystemMessage reverse(SystemMessage stack) {
        SystemMessage reversed = null;
        while (stack != null) {
            SystemMessage next = stack.next;
            stack.next = reversed;
            reversed = stack;
            stack = next;
        }
        return reversed;
    }

    // Accessors named for their ordering (see io.github.rota.spi.pool).

    private SystemMessage lvSystemHead() {
        return (SystemMessage) SYSTEM_HEAD.getVolatile(this);
    }

    private SystemMessage xchgSystemHead(SystemMessage value) {
        return (SystemMessage) SYSTEM_HEAD.getAndSet(this, value);
    }

    private boolean casSystemHead(SystemMessage expect, SystemMessage update) {
        return SYSTEM_HEAD.compareAndSet(this, expect, update);
    }

    // ---------------------------------------------------------------- dead letters

    /** Turn-confined: every user message that can be handed out now becomes a dead letter. */
    void deadLetterMailbox(DeadLetter.Reason reason) {
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
            sink.deadLetter(piped.outcome(), from, cell.self(), reason);
        } else if (!(msg instanceof DeathWatchSignal) && msg != WakeUp.SIGNAL) {
            sink.deadLetter(msg, from, cell.self(), reason);
        }
    }

    /**
     * What a system message's producer sends through the user mailbox to clear its idle mark: a
     * message for the turn, never for the actor, and never a dead letter.
     */
    enum WakeUp {
        SIGNAL
    }

    /** {@return this, as what the dispatcher runs} */
    private TurnLoop task() {
        return (TurnLoop) this; // sealed: the only kind there is
    }
}
