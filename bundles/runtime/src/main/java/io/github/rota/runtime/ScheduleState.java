package io.github.rota.runtime;

import static io.github.rota.spi.dispatch.ExpeditingDispatcher.EXPEDITE_AFTER_SENDS;

import io.github.rota.spi.dispatch.SchedulableTask;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The schedule state of an actor, one word per actor (GoAkt's Idle / Scheduled / Processing,
 * plus Closed once the actor has stopped). Each transition is one method:
 * <pre>
 *            trySchedule (producer, read then CAS)    takeForProcessing (worker, CAS)
 *   IDLE  ───────────────────────────────▶ SCHEDULED ─────────────────────────────▶ PROCESSING
 *    ▲                                          ▲                                     │  │  │
 *    │          yieldToScheduled (owner: budget spent, work left; re-queued)         │  │  │
 *    │                                          └─────────────────────────────────────┘  │  │
 *    └──── setIdle (owner: volatile store, then re-read the mailboxes) ──────────────────┘  │
 *                                       CLOSED ◀── close (owner: the actor has stopped) ───┘
 *
 *   PROCESSING ── markIdleInMailbox (owner, plain) ──▶ IDLE_IN_MAILBOX ── scheduleWoken ──▶ SCHEDULED
 *                 then the mailbox's mark (a CAS)                       (whoever's offer cleared
 *                                                                        the mark, or the owner
 *                                                                        whose mark failed)
 * </pre>
 *
 * <p>IDLE_IN_MAILBOX is idle with the wake-up right held by the mailbox (see
 * {@link io.github.rota.spi.mailbox.IdleMarkingMailbox#tryMarkIdle}): the owner stores it plainly just before
 * it marks the mailbox, whose compare-and-set publishes the store; the one producer whose offer
 * clears the mark then stores SCHEDULED, and nobody else writes the word meanwhile ({@code
 * trySchedule} wants IDLE), so no compare-and-set is needed on the hop to an idle actor. A system
 * message reaches such an actor through its mailbox too ({@link TurnLoop}).
 *
 * <p>Invariants:
 * <ul>
 *   <li>exactly one of many racing producers wins IDLE → SCHEDULED, so an actor is queued at most
 *       once — {@code ScheduleStateTest.exactlyOneOfManyRacingProducersSchedules};</li>
 *   <li>at most one thread holds PROCESSING: SCHEDULED → PROCESSING is a CAS. A correct dispatcher
 *       hands the one queued scheduling to one thread only, but the dispatcher SPI is implemented by
 *       third parties, and one that hands it to two threads must not make an actor run twice at
 *       once: the losing thread's turn does nothing and is reported —
 *       {@code ScheduleStateTest.exactlyOneOfTwoThreadsHandedTheSameSchedulingTakesIt};</li>
 *   <li>no lost wake-up: the owner's store of IDLE is volatile and is followed by volatile reads of
 *       the mailboxes, while a producer's enqueue (volatile) is followed by a volatile read of this
 *       word; one of the two always sees the other —
 *       {@code TurnTest.aMessageArrivingJustAsTheTurnFindsTheMailboxEmptyIsNotLost};</li>
 *   <li>no lost wake-up idle in the mailbox either: the mark fails if a message came in first, and
 *       exactly one later offer clears it; a system message's push and the owner's mark are each
 *       followed by a volatile read of the other's word — jcstress
 *       {@code FinishOrReclaimVersusEnqueueTest}, {@code FinishVersusSystemMessageTest},
 *       {@code UnboundedMailboxIdleMarkTest};</li>
 *   <li>CLOSED is final: no transition leaves it, so a stopped actor is never scheduled again.</li>
 * </ul>
 * A lingering actor (one its worker keeps after a turn that drained it, see {@link TurnLoop}) stays
 * PROCESSING with no thread running it: producers see it running and leave it to its worker.
 * {@code trySchedule} reads before it CASes, so N racing producers share the cache line in read
 * mode instead of all requesting ownership.
 *
 * <p>Waiting sends: the thread that keeps the actor waiting counts the messages it sends while the
 * actor waits for its turn (the thread whose send scheduled it, the one that queued it again when
 * its budget ran out, or the one it lingers with: no thread runs it), and the send that reaches
 * {@link io.github.rota.spi.dispatch.ExpeditingDispatcher#EXPEDITE_AFTER_SENDS} asks its dispatcher to hurry
 * ({@code ExpeditingDispatcher.expedite}): a turn flooding an actor it left in its own worker's next slot would
 * otherwise keep it waiting to its end. Only that thread counts, because a dispatcher holds an actor
 * back only there; any other producer's write would be wasted, and from another core each one takes
 * the actor's line from its owner and from every producer reading it (a hot actor's clients on
 * every worker). The count is plain, written by that thread and reset by the owner when a turn
 * starts; a lost increment delays the request by a send, a stale one makes a request the dispatcher
 * finds needless. It stops at the threshold, so a long wait costs each further send a read, not a
 * write ({@code TurnTest.theSendThatLeavesThirtyTwoMessagesWaitingForATurnAsksTheDispatcherToHurryOncePerWait};
 * other threads' sends leave the count alone:
 * {@code TurnTest.sendsFromAThreadThatDidNotScheduleTheWaitingActorLeaveItsWaitAlone},
 * {@code TurnTest.sendsFromAThreadTheActorDoesNotLingerWithLeaveItsWaitAlone}).
 *
 * <p>The actor's turn loop is its own {@link SchedulableTask}, as Pekko's mailbox is its own
 * ForkJoinTask: a dispatcher over a ForkJoinPool queues it itself, with no allocation per
 * scheduling. That costs each actor the task's status word and its {@code aux} reference.
 */
@SuppressWarnings("serial") // a ForkJoinTask by inheritance, never serialized
abstract class ScheduleState extends SchedulableTask {

    static final int IDLE = 0;
    static final int SCHEDULED = 1;
    static final int PROCESSING = 2;
    static final int CLOSED = 3;
    static final int IDLE_IN_MAILBOX = 4;

    private static final VarHandle STATE;
    private static final VarHandle HOLD;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(ScheduleState.class, "state", int.class);
            HOLD = MethodHandles.lookup().findVarHandle(ScheduleState.class, "hold", byte.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
        if (EXPEDITE_AFTER_SENDS > Byte.MAX_VALUE) {
            throw new ExceptionInInitializerError("waitingSends is a byte: it cannot count to " + EXPEDITE_AFTER_SENDS);
        }
    }

    @SuppressWarnings("unused") // accessed through STATE
    private volatile int state;
    /**
     * The thread running a turn of the actor, or the one that ran its last turn while it lingers, or
     * the one that scheduled it (or queued it again when its budget ran out) while it waits for its
     * turn, else {@code null}. Plain: written by that thread right after taking the actor (or
     * resuming it on another thread, or winning its scheduling) and cleared right before it lets the
     * actor go idle or closes it (the volatile store, or the mailbox mark's CAS, that follows
     * publishes the clearing to the next holder). Producers read it racily, to
     * tell whether they count as waiting sends. Stored only when it changes: under G1 a reference
     * stored into this long-lived object costs a fence, and an actor mostly runs on the thread that
     * scheduled it, and a lingering one resumes there.
     */
    private Thread holder;
    /**
     * How the actor is held while PROCESSING: {@link #IN_TURN} while {@link #holder} runs a turn of
     * it, {@link #LINGERING} while its worker keeps it after a turn, else {@link #FREE}. Published
     * with the holder: to the next holder by the release that follows (for a lingering actor, the
     * worker's release store of its linger slot, which whoever takes it reads with a CAS). IN_TURN is
     * a release store after the holder, and {@link #isHeldByCurrentThread} reads it with acquire: a
     * thread that ran the actor's last turn before it lingered, and reads IN_TURN written by the
     * thread that took it since, then sees that thread as the holder, not its own stale store.
     */
    @SuppressWarnings("unused") // accessed through HOLD, and plainly by the owner
    private byte hold;
    private static final byte FREE = 0;
    private static final byte IN_TURN = 1;
    private static final byte LINGERING = 2;
    /** Messages sent since the actor last started a turn while no thread ran it; see the class comment. */
    private byte waitingSends;

    /** Producer side: IDLE → SCHEDULED. The winner must hand the actor to its dispatcher. */
    final boolean trySchedule() {
        if (lvState() == IDLE && casState(IDLE, SCHEDULED)) {
            holdOnThisThread();
            return true;
        }
        return false;
    }

    /**
     * The calling thread becomes the holder: it won the actor's scheduling (and keeps it waiting until
     * a turn takes it), or takes it for a turn. Stored only if it changes (see {@link #holder}).
     */
    private void holdOnThisThread() {
        Thread current = Thread.currentThread();
        if (holder != current) {
            holder = current;
        }
    }

    /**
     * Producer side, after an enqueue that did not schedule the actor (it is scheduled, processing,
     * or about to be scheduled by whoever cleared its idle mark):
     * counts the send if no thread runs the actor now and the calling thread keeps it waiting.
     *
     * @return {@code true} for the send that reaches the threshold: the producer asks the dispatcher to hurry
     */
    final boolean countWaitingSend() {
        if (hold == IN_TURN || holder != Thread.currentThread()) {
            return false; // its turn will see the message; or it waits where this thread has no say
        }
        int sends = waitingSends;
        if (sends >= EXPEDITE_AFTER_SENDS) {
            return false;
        }
        waitingSends = (byte) (sends + 1);
        return sends + 1 == EXPEDITE_AFTER_SENDS;
    }

    /**
     * Worker side: SCHEDULED → PROCESSING at the start of a turn. A CAS, so that of two threads a
     * faulty dispatcher handed the same scheduling to, only one runs the turn.
     *
     * @return {@code false} if the actor is not scheduled (closed, or taken by another thread)
     */
    final boolean takeForProcessing() {
        if (!casState(SCHEDULED, PROCESSING)) {
            return false;
        }
        holdInTurn();
        return true;
    }

    private void holdInTurn() {
        holdOnThisThread();
        soHold(IN_TURN);
        waitingSends = 0;
    }

    /** Before the actor goes idle or closes: the volatile store (or the mark's CAS) that follows publishes it. */
    private void release() {
        holder = null;
        hold = FREE;
    }

    /**
     * Owner: PROCESSING stays, but no thread runs the actor now: it lingers with its worker, which
     * resumes it ({@link #resumeHeld}) or lets it go ({@link #setIdle} or {@link #markIdleInMailbox}).
     */
    final void holdForLingering() {
        hold = LINGERING;
    }

    /** {@return whether the actor lingers with its worker}; the owner's, or the next holder's after the linger slot's CAS */
    final boolean isLingering() {
        return hold == LINGERING;
    }

    /** Owner: the lingering actor runs again on the calling thread (it never stopped holding PROCESSING). */
    final void resumeHeld() {
        holdInTurn();
    }

    /** {@return whether the calling thread is running a turn of this actor now} */
    final boolean isHeldByCurrentThread() {
        return laHold() == IN_TURN && holder == Thread.currentThread();
    }

    /**
     * Owner: PROCESSING → SCHEDULED when the budget is spent and work remains. The holder stays: it
     * queues the actor again, and keeps it waiting.
     */
    final void yieldToScheduled() {
        hold = FREE;
        svState(SCHEDULED);
    }

    /** Owner: PROCESSING → IDLE. Volatile, so the mailbox re-check that follows cannot move above it. */
    final void setIdle() {
        release();
        svState(IDLE);
    }

    /**
     * Owner: PROCESSING → IDLE_IN_MAILBOX, just before it marks the mailbox idle. Plain: the
     * mailbox's compare-and-set that follows publishes it, and until then only the owner writes the
     * word.
     */
    final void markIdleInMailbox() {
        release();
        spState(IDLE_IN_MAILBOX);
    }

    /**
     * IDLE_IN_MAILBOX → SCHEDULED, by the caller whose offer cleared the idle mark, or by the owner
     * whose mark failed: the one thread that may write the word now. The caller must queue the actor
     * (or take it for processing).
     */
    final void scheduleWoken() {
        holdOnThisThread();
        soState(SCHEDULED);
    }

    /** Owner: PROCESSING → CLOSED when the actor has stopped. */
    final void close() {
        release();
        svState(CLOSED);
    }

    final boolean isClosed() {
        return lvState() == CLOSED;
    }

    final int scheduleState() {
        return lvState();
    }

    // Accessors named for their ordering (see io.github.rota.spi.pool).

    private int lvState() {
        return (int) STATE.getVolatile(this);
    }

    private boolean casState(int expect, int update) {
        return STATE.compareAndSet(this, expect, update);
    }

    private void svState(int value) {
        STATE.setVolatile(this, value);
    }

    private void soState(int value) {
        STATE.setRelease(this, value);
    }

    private void spState(int value) {
        STATE.set(this, value);
    }

    private void soHold(byte value) {
        HOLD.setRelease(this, value);
    }

    private byte laHold() {
        return (byte) HOLD.getAcquire(this);
    }
}
