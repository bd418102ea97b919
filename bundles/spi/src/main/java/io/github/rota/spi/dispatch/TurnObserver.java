package io.github.rota.spi.dispatch;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * Sees every turn a dispatcher runs, on the thread that runs it ({@link Dispatcher#observeTurns}).
 * This is how a decorator (metering, tracing) watches turns: wrapping the {@link Schedulable}
 * instead would change an actor's identity (the pinned kind keys its threads by it) and allocate
 * on every scheduling. Both methods run on the turn's thread, back to back around one turn, and
 * must be quick and thread-safe; an exception from either is reported as a fault of that turn.
 */
@ConsumerType
public interface TurnObserver {

    /**
     * Called just before a turn.
     *
     * @param schedulable what the turn runs
     */
    void turnStarting(Schedulable schedulable);

    /**
     * Called just after that turn, on the same thread.
     *
     * @param schedulable what the turn ran
     * @param messagesHandled the user messages the turn reported ({@link Turn#messagesHandled})
     */
    void turnEnded(Schedulable schedulable, int messagesHandled);
}
