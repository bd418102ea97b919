package io.github.rota.dispatcher.workstealing;

import io.github.rota.api.DispatcherCounter;
import io.github.rota.spi.dispatch.LingeringSchedulable;
import io.github.rota.spi.dispatch.Schedulable;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One worker as every thread may touch it (Tokio's {@code Remote}): thieves steal half its
 * {@link LocalRing} and, once stale, its next-actor slot; notifiers claim it out of its park; the
 * starvation probe watches its turns and empties its next slot and linger slots behind a long turn.
 * Its owner fills what the others take, here too (the methods marked "owner"); what only the owner
 * keeps is its {@link Core}. The owner changes threads only through a hand-over that publishes
 * everything (a volatile write of the new thread's worker, or {@code Thread.start}).
 *
 * <p>Next-actor slot and linger slots: the others only ever take a non-null slot (by CAS), so an
 * empty slot stays empty until the owner fills it, and the owner may fill it with a release store.
 *
 * <p>Park state: AWAKE → SLEEPING (the owner, about to park) → WOKEN (a notifier's CAS: it has
 * counted the worker as a searcher) → AWAKE (the owner takes the wake-up up, as a searcher), or
 * SLEEPING → AWAKE (the owner's CAS, cancelling its park). WOKEN stays until the owner has recorded
 * itself as searching, so a thread that dies in between leaves a state from which the searcher the
 * notifier counted is given back ({@code IdleTest}).
 *
 * <p>Turn epoch: odd while a turn runs, moved on by the owner with an opaque store at each turn's
 * start and end; thieves and the probe read it to tell a stuck turn from a busy worker. Beside it,
 * the ring position of the last actor pushed for a sibling to take (expedited), and on the park
 * state's line whether the worker naps between search rounds: both opaque, hints that only hurry a
 * thief.
 *
 * <p>Layout, by writer (padded as the package comment says): the read-only fields first; then the
 * turn epoch and what the turn runs (owner writes; thieves and the probe read), the next slot (owner
 * and thieves), the park state (owner and notifiers), the linger slots (owner, and the probe behind
 * a long turn), each on a cache line of its own.
 */
final class Remote extends RemotePad4 {

    /**
     * Actors a worker keeps after turns that drained them ("lingering"): two hold one volley, a
     * request and its reply, on the worker with no scheduling at all.
     */
    static final int LINGER_SLOTS = 2;

    private static final VarHandle NEXT;
    private static final VarHandle LINGER_0;
    private static final VarHandle LINGER_1;
    private static final VarHandle PARK_STATE;
    private static final VarHandle TURN_EPOCH;
    private static final VarHandle URGENT_AT;
    private static final VarHandle NAPPING;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            NEXT = lookup.findVarHandle(RemoteNextSlot.class, "next", Schedulable.class);
            LINGER_0 = lookup.findVarHandle(RemoteLingerSlots.class, "linger0", LingeringSchedulable.class);
            LINGER_1 = lookup.findVarHandle(RemoteLingerSlots.class, "linger1", LingeringSchedulable.class);
            PARK_STATE = lookup.findVarHandle(RemoteParkState.class, "parkState", int.class);
            TURN_EPOCH = lookup.findVarHandle(RemoteTurn.class, "turnEpoch", long.class);
            URGENT_AT = lookup.findVarHandle(RemoteTurn.class, "urgentAt", long.class);
            NAPPING = lookup.findVarHandle(RemoteParkState.class, "napping", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** @param ringCapacity the ring's size, a power of two */
    Remote(int index, int ringCapacity) {
        super(index, new LocalRing(ringCapacity));
    }

    // ---------------------------------------------------------------- any thread

    /** {@return this worker's position in the pool} */
    int index() {
        return index;
    }

    /** {@return the thread running the worker now, to unpark or to report} */
    Thread thread() {
        return thread;
    }

    /** {@return one of the worker's counters} */
    long counter(DispatcherCounter counter) {
        return counters.get(counter);
    }

    /** Thief: moves the older half (rounded up) of the ring into the thief's own, empty one. @return how many moved */
    int stealHalfInto(LocalRing thiefRing) {
        return ring.stealHalfInto(thiefRing);
    }

    /** Thief, probe or owner: {@return the next-slot actor, taken by CAS; {@code null} if none or lost to another} */
    Schedulable takeNextSlot() {
        Schedulable s = lvNext();
        return s != null && casNext(s, null) ? s : null;
    }

    /** {@return whether the next-actor slot holds an actor} */
    boolean hasNextSlot() {
        return lvNext() != null;
    }

    /**
     * Takes a lingering actor from a linger slot, by CAS (its owner, or the probe behind a long turn);
     * the caller must then resume it or let it go ({@link LingeringSchedulable#releaseLingering}).
     *
     * @param slot 0 to {@value #LINGER_SLOTS} - 1
     * @return the actor, or {@code null} if the slot was empty or someone else took it first
     */
    LingeringSchedulable takeLingering(int slot) {
        LingeringSchedulable s = lvLinger(slot);
        return s != null && casLinger(slot, s, null) ? s : null;
    }

    /** {@return whether the ring holds actors: the next slot is its owner's to run, so it does not count} */
    boolean hasWorkToSteal() {
        return !ring.isEmpty();
    }

    /** {@return actors waiting here, ring and next slot; may lag} */
    int queueDepth() {
        return ring.size() + (hasNextSlot() ? 1 : 0);
    }

    /** {@return odd while the worker is in a turn; changes with every turn} */
    long turnEpoch() {
        return loTurnEpoch();
    }

    /**
     * {@return the ring position of the last actor its owner pushed for a sibling to take (one
     * expedited out of a long turn), without waiting for the ring to turn stale; -1 if none yet. It
     * is still in the ring while the ring's head has not passed it}
     */
    long urgentAt() {
        return (long) URGENT_AT.getOpaque(this);
    }

    /** {@return whether the worker sleeps between search rounds ({@link Search}): a push a sibling should take soon may wake it} */
    boolean isNapping() {
        return (boolean) NAPPING.getOpaque(this);
    }

    /** {@return what the worker's turn runs, for reports only: may be stale; {@code null} between turns} */
    Schedulable running() {
        return running;
    }

    /** {@return whether the worker is parked or about to park} */
    boolean isSleeping() {
        return lvParkState() == SLEEPING;
    }

    /** Notifier: SLEEPING → WOKEN. {@return {@code true} if this call claimed the worker: the caller must unpark it} */
    boolean claimWake() {
        return isSleeping() && casParkState(SLEEPING, WOKEN);
    }

    // ---------------------------------------------------------------- owner

    /** Owner: the thread that runs the worker from now on, set before it can park. */
    void bind(Thread owner) {
        thread = owner;
    }

    /** Owner: puts {@code s} in the next slot. @return the actor it displaced, for the caller to queue; or {@code null} */
    Schedulable putNextSlot(Schedulable s) {
        if (lvNext() == null) {
            soNext(s); // nobody else fills an empty slot: a release store publishes the actor
            return null;
        }
        return xchgNext(s);
    }

    /** Owner: {@return whether {@code s} was in the next slot and is taken out of it (by CAS: a thief may race)} */
    boolean takeNextSlotIf(Schedulable s) {
        return lvNext() == s && casNext(s, null);
    }

    /** Owner, or whoever outlived it: {@return the next-slot actor, taken unconditionally; {@code null} if none} */
    Schedulable clearNextSlot() {
        return xchgNext(null);
    }

    /** Owner: {@return whether a linger slot is free} */
    boolean hasLingerRoom() {
        return lvLinger(0) == null || lvLinger(1) == null;
    }

    /**
     * Owner: keeps {@code s}, whose turn has returned lingering, in a free slot. Only the owner fills a
     * slot, so a release store publishes the actor (and its last turn's writes) to whoever takes it next.
     */
    void putLingering(LingeringSchedulable s) {
        soLinger(lvLinger(0) == null ? 0 : 1, s);
    }

    /** Owner: {@return a lingering actor that has work now, taken by CAS (the probe may race for it); or {@code null}} */
    LingeringSchedulable claimLingeringWithWork() {
        for (int slot = 0; slot < LINGER_SLOTS; slot++) {
            LingeringSchedulable s = lvLinger(slot);
            if (s != null && s.hasWork() && casLinger(slot, s, null)) {
                return s;
            }
        }
        return null;
    }

    /** Owner: {@return whether {@code s} was in a linger slot and is taken out of it (by CAS: the probe may race)} */
    boolean takeLingeringIf(Schedulable s) {
        for (int slot = 0; slot < LINGER_SLOTS; slot++) {
            LingeringSchedulable lingering = lvLinger(slot);
            if (lingering == s && casLinger(slot, lingering, null)) {
                return true;
            }
        }
        return false;
    }

    /** Owner: {@return whether some lingering actor has work now} */
    boolean hasLingeringWithWork() {
        for (int slot = 0; slot < LINGER_SLOTS; slot++) {
            LingeringSchedulable s = lvLinger(slot);
            if (s != null && s.hasWork()) {
                return true;
            }
        }
        return false;
    }

    /** Owner: AWAKE → SLEEPING, the first half of the park handshake (a volatile store). */
    void sleep() {
        svParkState(SLEEPING);
    }

    /** Owner: SLEEPING → AWAKE, unless a notifier claimed the worker first. {@return {@code true} if this call cancelled the sleep} */
    boolean cancelSleep() {
        return casParkState(SLEEPING, AWAKE);
    }

    /** Owner: {@return whether a notifier has woken the worker, and the owner has not yet taken the wake-up up} */
    boolean isWoken() {
        return lvParkState() == WOKEN;
    }

    /** Owner, having recorded itself as a searcher: WOKEN → AWAKE (nobody else writes a WOKEN state). */
    void wakeUp() {
        sopParkState(AWAKE);
    }

    /** After the owner's thread died: AWAKE, whatever the state was (the caller settled the accounts). */
    void wakeAfterDeath() {
        svParkState(AWAKE);
    }

    /**
     * Owner: the actor just pushed at ring position {@code position} is for a sibling to take,
     * without waiting for the ring to turn stale.
     */
    void markUrgent(long position) {
        URGENT_AT.setOpaque(this, position);
    }

    /** Owner: about to sleep between search rounds, or awake again. A hint for pushers: the sleep is bounded anyway. */
    void setNapping(boolean napping) {
        NAPPING.setOpaque(this, napping);
    }

    /** Owner: {@return its own epoch} */
    long ownTurnEpoch() {
        return turnEpoch;
    }

    /** Owner: a turn of {@code s} starts (the epoch turns odd). */
    void beginTurn(Schedulable s) {
        running = s;
        sopTurnEpoch(turnEpoch + 1);
    }

    /** Owner: the turn ended (the epoch turns even); between turns the worker keeps no actor reachable. */
    void endTurn() {
        sopTurnEpoch(turnEpoch + 1);
        running = null;
    }

    /** Owner: the epoch moves on by one, odd or even, as a turn is left or taken up again without running one. */
    void advanceTurnEpoch() {
        sopTurnEpoch(turnEpoch + 1);
    }

    private long loTurnEpoch() {
        return (long) TURN_EPOCH.getOpaque(this);
    }

    /** Readers only compare epochs, and need nothing written before one to be seen with it. */
    private void sopTurnEpoch(long epoch) {
        TURN_EPOCH.setOpaque(this, epoch);
    }

    private int lvParkState() {
        return (int) PARK_STATE.getVolatile(this);
    }

    private void svParkState(int state) {
        PARK_STATE.setVolatile(this, state);
    }

    private void sopParkState(int state) {
        PARK_STATE.setOpaque(this, state);
    }

    private boolean casParkState(int expect, int update) {
        return PARK_STATE.compareAndSet(this, expect, update);
    }

    private Schedulable lvNext() {
        return (Schedulable) NEXT.getVolatile(this);
    }

    private void soNext(Schedulable s) {
        NEXT.setRelease(this, s);
    }

    private boolean casNext(Schedulable expect, Schedulable update) {
        return NEXT.compareAndSet(this, expect, update);
    }

    private Schedulable xchgNext(Schedulable s) {
        return (Schedulable) NEXT.getAndSet(this, s);
    }

    private LingeringSchedulable lvLinger(int slot) {
        return (LingeringSchedulable) (slot == 0 ? LINGER_0.getVolatile(this) : LINGER_1.getVolatile(this));
    }

    private void soLinger(int slot, LingeringSchedulable s) {
        if (slot == 0) {
            LINGER_0.setRelease(this, s);
        } else {
            LINGER_1.setRelease(this, s);
        }
    }

    private boolean casLinger(int slot, LingeringSchedulable expect, LingeringSchedulable update) {
        return slot == 0 ? LINGER_0.compareAndSet(this, expect, update) : LINGER_1.compareAndSet(this, expect, update);
    }
}
