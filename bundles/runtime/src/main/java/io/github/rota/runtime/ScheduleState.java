package io.github.rota.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The schedule state of an actor, one word per actor (the seed's Idle / Scheduled / Processing,
 * plus Closed once the actor has stopped). Each transition is one method:
 * <pre>
 *            trySchedule (producer, read then CAS)    takeForProcessing (worker, opaque store)
 *   IDLE  ───────────────────────────────▶ SCHEDULED ─────────────────────────────▶ PROCESSING
 *    ▲                                          ▲                                     │  │  │
 *    │          yieldToScheduled (owner: budget spent, work left; re-queued)         │  │  │
 *    │                                          └─────────────────────────────────────┘  │  │
 *    └──── setIdle (owner: volatile store, then re-read the mailboxes) ──────────────────┘  │
 *                                       CLOSED ◀── close (owner: the actor has stopped) ───┘
 * </pre>
 *
 * <p>Invariants:
 * <ul>
 *   <li>exactly one of many racing producers wins IDLE → SCHEDULED, so an actor is queued at most
 *       once — {@code ScheduleStateTest.exactlyOneOfManyRacingProducersSchedules};</li>
 *   <li>at most one thread holds PROCESSING: only the thread a dispatcher hands the one queued
 *       scheduling to takes it (the dispatcher's queues hand each element out once, see
 *       {@code Dispatcher#schedule}), so SCHEDULED → PROCESSING needs no CAS — as in Pekko's
 *       mailbox, whose run does not claim again what scheduling claimed. The taker got the actor
 *       through its queue's release/acquire, which also orders this word;</li>
 *   <li>no lost wake-up: the owner's store of IDLE is volatile and is followed by volatile reads of
 *       the mailboxes, while a producer's enqueue (volatile) is followed by a volatile read of this
 *       word; one of the two always sees the other —
 *       {@code TurnTest.aMessageArrivingJustAsTheTurnFindsTheMailboxEmptyIsNotLost};</li>
 *   <li>CLOSED is final: no transition leaves it, so a stopped actor is never scheduled again.</li>
 * </ul>
 * {@code trySchedule} reads before it CASes, so N racing producers share the cache line in read
 * mode instead of all requesting ownership.
 */
abstract class ScheduleState {

    static final int IDLE = 0;
    static final int SCHEDULED = 1;
    static final int PROCESSING = 2;
    static final int CLOSED = 3;

    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(ScheduleState.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @SuppressWarnings("unused") // accessed through STATE
    private volatile int state;

    /** Producer side: IDLE → SCHEDULED. The winner must hand the actor to its dispatcher. */
    final boolean trySchedule() {
        return (int) STATE.getVolatile(this) == IDLE && STATE.compareAndSet(this, IDLE, SCHEDULED);
    }

    /**
     * Worker side: SCHEDULED → PROCESSING at the start of a turn, by the one thread the scheduling
     * was handed to. {@code false} only for an actor that is not scheduled (idle or closed).
     */
    final boolean takeForProcessing() {
        if ((int) STATE.getOpaque(this) != SCHEDULED) {
            return false;
        }
        STATE.setOpaque(this, PROCESSING);
        return true;
    }

    /** Owner: PROCESSING → SCHEDULED when the budget is spent and work remains. */
    final void yieldToScheduled() {
        STATE.setVolatile(this, SCHEDULED);
    }

    /** Owner: PROCESSING → IDLE. Volatile, so the mailbox re-check that follows cannot move above it. */
    final void setIdle() {
        STATE.setVolatile(this, IDLE);
    }

    /** Owner: PROCESSING → CLOSED when the actor has stopped. */
    final void close() {
        STATE.setVolatile(this, CLOSED);
    }

    final boolean isClosed() {
        return (int) STATE.getVolatile(this) == CLOSED;
    }

    final int scheduleState() {
        return (int) STATE.getVolatile(this);
    }
}
