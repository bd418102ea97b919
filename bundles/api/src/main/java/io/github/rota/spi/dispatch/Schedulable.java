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
     * A dispatcher refused this schedulable for good (it has stopped), and whoever scheduled it has
     * no other dispatcher to give it to. The schedulable is on no queue and runs nowhere unless it
     * acts now, on the calling thread; whoever schedules it tells it, once per refusal, and nothing
     * else decides what a refusal means. An actor stops in place: its user messages become dead
     * letters and its watchers and parent hear of its end. The default does nothing, for work that
     * may simply not run (a probe).
     *
     * @param cause the dispatcher's refusal
     */
    default void refused(RuntimeException cause) {
    }
}
