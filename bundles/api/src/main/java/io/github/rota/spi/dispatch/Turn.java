package io.github.rota.spi.dispatch;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * What a dispatcher tells a {@link Schedulable} about the turn it runs, and what it hears back.
 * Dispatchers implement it on their worker (or task) object, so a turn allocates nothing.
 * Valid only during {@link Schedulable#runTurn}.
 */
@ConsumerType
public interface Turn {

    /** {@return the dispatcher's throughput budget, read once at the start of the turn} */
    int budget();

    /**
     * Reports how many user messages the turn handled, once, before {@code runTurn} returns.
     *
     * @param count user messages handled in this turn
     */
    void messagesHandled(int count);
}
