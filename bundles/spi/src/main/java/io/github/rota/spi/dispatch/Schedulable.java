package io.github.rota.spi.dispatch;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * A unit of work a dispatcher runs in turns: in Rota, an actor. The dispatcher knows nothing else
 * about it, so any schedulable (an actor, later a timer or a stream stage) plugs in unchanged.
 *
 * <p>Contract: a schedulable is handed to {@link Dispatcher#schedule} at most once until the turn
 * that takes it has returned; the schedulable itself guarantees this with its own state machine.
 */
@ConsumerType
@FunctionalInterface
public interface Schedulable {

    /**
     * Runs one turn: system work first, then up to {@link Turn#budget()} user messages (a per-actor
     * budget may override it). Never throws for failures in user code.
     *
     * @param turn the dispatcher's side of this turn: the budget, and where to report the count
     * @return {@code true} if the turn stopped with work left: the schedulable is now scheduled
     *         again and the dispatcher must queue it behind the work already waiting;
     *         {@code false} if it has gone idle (or stopped) and must not be queued
     */
    boolean runTurn(Turn turn);

    /**
     * A lingering schedulable ({@link Turn#linger}): whether it has work now, read by its holder after
     * other turns to decide whether to resume it. May lag behind a producer on another thread; a late
     * answer delays the turn, never loses it, since {@link #releaseLingering} checks again after going
     * idle. The default has none (a schedulable that never lingers is never asked).
     *
     * @return whether a turn would find work
     */
    default boolean hasWork() {
        return false;
    }

    /**
     * Lets a lingering schedulable ({@link Turn#linger}) go, once, from whichever thread holds it: it
     * becomes idle, then looks at its work again (the re-check that follows going idle, so a producer
     * that saw it running is never lost), and if work arrived meanwhile it takes it as a new scheduling.
     *
     * @return {@code true} if it is ready again: the caller must queue it, as after a schedule;
     *         {@code false} if it is idle (or a producer has scheduled it)
     * @throws IllegalStateException from a schedulable that never lingers (the default)
     */
    default boolean releaseLingering() {
        throw new IllegalStateException(this + " never lingers");
    }

    /**
     * The dispatcher this schedulable was queued on stopped before running it: whoever stopped it
     * hands back each schedulable {@link Dispatcher#stop} returned through this method, on its own
     * thread. The schedulable is on no queue and runs nowhere unless it acts now; an actor schedules
     * itself again wherever its dispatcher id is served now (a replacement), or waits for one.
     * The default does nothing, for work that may simply not run (a probe).
     *
     * @param cause why it was not run (the dispatcher stopped)
     */
    default void handedBack(RuntimeException cause) {
    }

    /**
     * For diagnostics from another thread (a dispatcher's probe reporting a long turn): what this
     * is, e.g. an actor's path. The default is {@code toString()}.
     *
     * @return a name for operators
     */
    default String name() {
        return toString();
    }

    /**
     * For diagnostics from another thread (a dispatcher's probe reporting a long turn): the message
     * a turn of this schedulable is handling right now. Read without synchronisation, so it may be
     * stale; never used for anything but reports.
     *
     * @return the message in hand, or {@code null} between messages or if unknown (the default)
     */
    default Object messageInHand() {
        return null;
    }
}
