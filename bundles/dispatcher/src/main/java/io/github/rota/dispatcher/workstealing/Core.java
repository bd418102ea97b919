package io.github.rota.dispatcher.workstealing;

import io.github.rota.api.DispatcherCounter;
import io.github.rota.spi.dispatch.LingeringSchedulable;
import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.jfr.FlightEvents;

/**
 * One worker's own state (Tokio's {@code Core}): what only the thread running the worker touches,
 * and what that thread does with the worker's queues. Its flags change only through its methods.
 * Other threads see the worker as its {@link Remote}; what all workers share is {@link Shared}.
 *
 * <p>Take order ({@link #take}): a lingering actor with work, else the next-actor slot, then the
 * ring, then the global queue; the global queue first on every {@value #GLOBAL_CHECK_INTERVAL}th
 * take, so a backlog there cannot starve. A worker that finds nothing searches ({@link Search}).
 *
 * <p>Next-actor slot: when code running on a worker makes an actor ready, that actor goes in the
 * worker's next slot (the previous occupant moves to the ring's tail), so request/reply runs hot
 * on one core with no wake-up; a thief takes it only once it is stale ({@link Search}). A turn that
 * keeps sending to the actor in its own worker's next slot or linger slot expedites it
 * ({@link #expedite}): to the ring, marked urgent, with a wake-up, so a sibling steals it from the
 * ring after a short hand-off wait, not the ring's stale time ({@link Search}).
 * When no sibling is searching, the {@link StarvationProbe} rescues a slot stuck behind a long turn.
 *
 * <p>Lingering: an actor whose turn drained it while an exchange goes on here (an actor in the next
 * slot, or a lingering one with work) stays with the worker, still PROCESSING, in one of
 * {@value Remote#LINGER_SLOTS} linger slots; a message to it is its producer's enqueue only, and the
 * worker runs it again when it has work. The worker lets its lingering actors go before it takes from
 * its ring or the global queue, searches, parks, blocks or stops; letting go is going idle with the
 * usual re-check, so a message that arrived meanwhile is never lost, and it is guarded
 * ({@link Shared#letGo}): no other actor is in hand while it runs.
 *
 * <p>Flags: {@code searching} (the idle set counts this worker as a searcher), {@code woken} (a
 * notifier woke it and it has run no turn since), {@code lingerAccepted} (the running turn's actor
 * lingers once the turn returns).
 *
 * <p>Threads: the owner only, one thread at a time; a hand-over to another thread publishes it.
 * Padded (see the package comment): the cores of a pool's workers are allocated side by side, and
 * each is written at every take.
 */
final class Core extends CorePad1 {

    /**
     * Consecutive turns of actors from the next slot or the linger slots before the ring must get
     * one: half the default throughput budget, so a volley on one worker gives way to the ring about
     * as often as one actor's full turn would (Tokio caps its LIFO slot at 3, which here made a
     * worker hosting two volleys switch between them every third message).
     */
    static final int MAX_LOCAL_STREAK = 16;
    /** Every this many takes, the global queue goes first (Go and Tokio use 61: prime, cheap). */
    static final int GLOBAL_CHECK_INTERVAL = 61;
    /** {@link #prepareToPark}: block until a notifier wakes the worker. */
    static final long UNTIL_WOKEN = Long.MAX_VALUE;

    Core(Remote remote, Shared shared) {
        super(remote, shared);
        takesUntilGlobalCheck = GLOBAL_CHECK_INTERVAL;
    }

    // ---------------------------------------------------------------- taking work

    /**
     * The take order; {@code null}: nothing here, search. Before the worker turns to anything but its
     * own exchange (a lingering actor with work, the next slot) it lets its lingering actors go, so
     * none waits on a worker busy elsewhere.
     */
    Schedulable take() {
        if (globalCheckDue() && !shared.global.isEmpty()) {
            releaseLingering();
            Schedulable s = pollGlobal();
            if (s != null) {
                localStreak = 0;
                return s;
            }
        }
        Schedulable s = takeLocal();
        if (s != null) {
            return s;
        }
        releaseLingering();
        s = ring.pop();
        return s != null ? s : pollGlobal();
    }

    /** The global queue's head, counted. */
    private Schedulable pollGlobal() {
        Schedulable s = shared.global.poll();
        if (s != null) {
            counters.increment(DispatcherCounter.GLOBAL_POLLS);
        }
        return s;
    }

    /** {@return whether this take must look at the global queue first (every {@value #GLOBAL_CHECK_INTERVAL}th)} */
    boolean globalCheckDue() {
        if (--takesUntilGlobalCheck == 0) {
            takesUntilGlobalCheck = GLOBAL_CHECK_INTERVAL;
            return true;
        }
        return false;
    }

    /**
     * A lingering actor with work, else the next slot (but the next slot after
     * {@value #MAX_LOCAL_STREAK} lingering actors in a row); neither once that many such turns ran in
     * a row while the ring waits (then the next-slot actor goes behind the ring's).
     */
    private Schedulable takeLocal() {
        if (localStreak >= MAX_LOCAL_STREAK && !ring.isEmpty()) {
            localStreak = 0;
            Schedulable next = remote.takeNextSlot();
            if (next != null) {
                push(next);
            }
            return null;
        }
        boolean lingerStreakSpent = lingerStreak >= MAX_LOCAL_STREAK && remote.hasNextSlot();
        Schedulable s = lingerStreakSpent ? null : remote.claimLingeringWithWork();
        lingerStreak = s != null ? Math.min(lingerStreak + 1, MAX_LOCAL_STREAK) : 0;
        if (s == null) {
            s = remote.takeNextSlot();
        }
        if (s == null) {
            localStreak = 0;
            return null;
        }
        if (localStreak < MAX_LOCAL_STREAK) {
            localStreak++;
        }
        return s;
    }

    // ---------------------------------------------------------------- adding work

    /**
     * Code running on this worker made {@code s} ready: it goes in the next slot, and the actor it
     * displaces to the ring. A sibling is woken when this makes more than one actor runnable here
     * where there was at most one before, not on every send: a turn that makes a thousand actors ready
     * (a fan-out) pays the fence of a wake-up once per time a sibling has emptied its ring. No work is
     * stranded: a sibling parks for good only after a re-scan finds every ring empty or watched by a
     * searcher (whose sleeps between rounds are bounded, and who parks for a while at most once it
     * stops searching), and the push that fills an empty ring is such a transition.
     */
    void scheduleFromHere(Schedulable s) {
        counters.increment(DispatcherCounter.NEXT_SLOT_PUSHES);
        int ringBefore = ring.size();
        Schedulable displaced = remote.putNextSlot(s);
        if (displaced == null) {
            if (ringBefore == 1) {
                shared.notifyOne(); // the next slot plus one in the ring: a second runnable actor here
            }
        } else if (ring.push(displaced)) {
            counters.increment(DispatcherCounter.LOCAL_PUSHES);
            if (ringBefore == 0) {
                shared.notifyOne(); // the next slot plus the displaced actor
            }
        } else {
            overflow(displaced);
        }
    }

    /**
     * The running turn keeps sending to {@code s}. If {@code s} waits in the next slot, or lingers
     * here with work, it goes to the ring, marked urgent, and a sibling is woken: filling the next slot
     * woke nobody (this worker was to run it as soon as its turn ended), and this turn is not ending.
     * The sibling steals from the ring (the older half first) once it has seen the mark for its
     * hand-off wait ({@link Search}). Anywhere else, {@code s} is already where a sibling can take it.
     */
    void expedite(Schedulable s) {
        if (remote.takeNextSlotIf(s) || (remote.takeLingeringIf(s) && letGo((LingeringSchedulable) s))) {
            long position = ring.tailPosition();
            if (ring.push(s)) {
                counters.increment(DispatcherCounter.LOCAL_PUSHES);
                remote.markUrgent(position); // a thief takes it after a hand-off wait, not the ring's (Search)
                shared.notifyUrgent();
            } else {
                overflow(s);
            }
        }
    }

    /** To the ring's tail; a full ring sends its older half to the global queue. */
    void push(Schedulable s) {
        if (ring.push(s)) {
            counters.increment(DispatcherCounter.LOCAL_PUSHES);
            if (remote.queueDepth() > 1) {
                shared.notifyOne();
            }
            return;
        }
        overflow(s);
    }

    /** The ring is full: its older half and {@code s} go to the global queue, and a worker is woken. */
    private void overflow(Schedulable s) {
        int moved = 0;
        for (int i = 0; i < ring.capacity() / 2; i++) {
            Schedulable older = ring.pop();
            if (older == null) {
                break;
            }
            shared.global.offer(older);
            moved++;
        }
        shared.global.offer(s);
        counters.add(DispatcherCounter.OVERFLOW_TO_GLOBAL, moved + 1);
        counters.add(DispatcherCounter.GLOBAL_PUSHES, moved + 1);
        FlightEvents.overflow(shared.dispatcherId(), remote.index, moved + 1);
        shared.notifyUrgent();
    }

    /** Lets the lingering actors go; those that have work again go to the ring. */
    void releaseLingering() {
        for (int slot = 0; slot < Remote.LINGER_SLOTS; slot++) {
            LingeringSchedulable s = remote.takeLingering(slot);
            if (s != null && letGo(s)) {
                push(s);
            }
        }
    }

    /** Lets one lingering actor go, counted. {@return whether it has work again and must be queued} */
    private boolean letGo(LingeringSchedulable s) {
        counters.increment(DispatcherCounter.LINGER_RELEASES);
        return shared.letGo(s);
    }

    // ---------------------------------------------------------------- searching

    /** {@return whether the idle set counts this worker as a searcher} */
    boolean isSearching() {
        return searching;
    }

    /** {@return whether this worker searches now: it did, or the idle set lets it start (about half the workers at most)} */
    boolean beginSearching() {
        if (!searching) {
            searching = shared.idle.tryBeginSearching();
        }
        return searching;
    }

    /** Stops searching, if it was. {@return whether it was the last searcher} */
    boolean endSearching() {
        if (!searching) {
            return false;
        }
        searching = false;
        return shared.idle.endSearching();
    }

    // ---------------------------------------------------------------- turns

    /** A turn starts here: a searcher that was the last wakes another (there may be more work out there). */
    void turnStarting() {
        if (endSearching()) {
            shared.notifyOne();
        }
        woken = false;
        counters.increment(DispatcherCounter.TURNS);
    }

    /**
     * The running turn's actor has no work left and asks to linger: yes if a linger slot is free and
     * the exchange it takes part in goes on here (an actor waits in the next slot, or a lingering one
     * has work), so a reply is likely soon; an actor with nobody to answer it goes idle at once.
     * The slot is filled once the turn has returned ({@link #turnEnded}).
     */
    boolean acceptLinger(LingeringSchedulable self) {
        if (self != remote.running() || !remote.hasLingerRoom() || !(remote.hasNextSlot() || remote.hasLingeringWithWork())) {
            return false;
        }
        lingerAccepted = true;
        return true;
    }

    /** The turn of {@code s} returned here; {@code more}: its budget ran out with work left. */
    void turnEnded(Schedulable s, boolean more) {
        if (lingerAccepted) {
            lingerAccepted = false;
            if (!more) { // a schedulable that lingers has no work left: it cannot also yield
                // It asked as the running turn's schedulable (acceptLinger), so it is a lingering one. After
                // the turn returned: the slot's release store publishes its last writes.
                remote.putLingering((LingeringSchedulable) s);
            }
        }
        if (more) {
            counters.increment(DispatcherCounter.BUDGET_YIELDS);
            push(s); // an actor is never left scheduled on no queue
        }
    }

    // ---------------------------------------------------------------- blocking turns and dead threads

    /** In a turn that is about to block: the worker leaves the turn, which its thread finishes without it. */
    void leaveBlockingTurn() {
        lingerAccepted = false; // the blocked turn ends without a worker: it does not linger
        remote.advanceTurnEpoch(); // even: not in a turn any more
    }

    /** The hand-over failed (no thread could be started): the turn goes on with this worker. */
    void returnToBlockingTurn() {
        remote.advanceTurnEpoch(); // odd again
    }

    /**
     * The current turn is about to block with this worker (every spare thread is in use): the next
     * slot and the ring go to the global queue, where the other workers find them.
     */
    void blockWithoutSpare() {
        counters.increment(DispatcherCounter.BLOCKED_WITHOUT_SPARE);
        int moved = 0;
        Schedulable s = remote.clearNextSlot();
        if (s != null) {
            shared.global.offer(s);
            moved++;
        }
        for (s = ring.pop(); s != null; s = ring.pop()) {
            shared.global.offer(s);
            moved++;
        }
        if (moved > 0) {
            counters.add(DispatcherCounter.GLOBAL_PUSHES, moved);
            shared.notifyUrgent();
        }
    }

    /**
     * After its thread died outside a turn: puts the idle accounting back as if this worker had
     * just woken, so that a new thread can run it and wake-ups keep working (a dead searcher would
     * otherwise count as searching for ever, and nobody would be woken again). It counts as one
     * searcher if it was searching, or a notifier had woken it (that notifier counted it): whether
     * before it died or just now, racing this cancel.
     */
    void recoverFromDeadThread() {
        boolean searcher = searching;
        searching = false;
        if (!(remote.isSleeping() && shared.idle.cancelPark(remote)) && remote.isWoken()) {
            searcher = true;
        }
        remote.wakeAfterDeath();
        if (searcher) {
            shared.idle.endSearching();
        }
        woken = false;
        lingerAccepted = false; // the turn that asked to linger died with the thread
        if ((remote.ownTurnEpoch() & 1) != 0) {
            remote.advanceTurnEpoch();
        }
    }

    // ---------------------------------------------------------------- parking

    /** About to park: a wake-up that found nothing to do is counted as such. */
    void countNoopWakeup() {
        if (woken) {
            counters.increment(DispatcherCounter.NOOP_WAKEUPS);
            woken = false;
        }
    }

    /**
     * Registers as sleeping, then re-scans every queue (the worker's half of the Dekker handshake
     * with {@link Shared#notifyOne}).
     *
     * @return how long the worker may block: {@link #UNTIL_WOKEN} if nothing is queued anywhere, or
     *         only in siblings' rings that a searcher watches; {@value Search#STALE_RING_NANOS} ns if
     *         only siblings' rings hold actors and nobody searches (their owners may be draining them;
     *         it looks again then, still registered, so a notifier may wake it sooner); 0 if the
     *         global queue holds work (or the queues closed): it stays awake
     */
    long prepareToPark() {
        shared.idle.beforePark(remote);
        if (!shared.global.isEmpty() || shared.isClosed()) {
            if (!shared.idle.cancelPark(remote)) {
                takeUpWake(); // a notifier claimed us and counted us as a searcher
            }
            return 0;
        }
        // Rings its owners may be draining: watched by a searcher if there is one, else by this worker.
        return shared.ringsHoldWork() && !shared.idle.anySearching() ? Search.STALE_RING_NANOS : UNTIL_WOKEN;
    }

    /**
     * After parking: a notifier woke the worker (and counted it as a searcher); or a timed park ran
     * out (or the queues closed), and the worker takes itself off the idle set as the re-scan would.
     */
    void afterPark() {
        if (remote.isSleeping() && shared.idle.cancelPark(remote)) {
            return;
        }
        if (remote.isWoken()) {
            takeUpWake();
            counters.increment(DispatcherCounter.UNPARKS);
            woken = true;
        }
    }

    /** WOKEN → AWAKE: the worker counts itself as a searcher, recorded before the park state says so no more. */
    private void takeUpWake() {
        searching = true;
        remote.wakeUp();
    }
}
