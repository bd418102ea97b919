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
     * @return the message in hand (between turns, perhaps the last one handled), or {@code null} if
     *         none or unknown (the default)
     */
    default Object messageInHand() {
        return null;
    }
}
