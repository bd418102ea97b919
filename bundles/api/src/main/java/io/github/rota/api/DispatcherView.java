package io.github.rota.api;

import io.github.rota.api.DispatcherCounter;
import io.github.rota.api.DispatcherStats;

/**
 * What application code may see of one of its system's dispatchers ({@link ActorSystem#dispatcher}):
 * what it is, its budget and its counters. Not the means to schedule on it, retune it or stop it:
 * a dispatcher is shared by every actor on it, and those belong to whoever created it (the system on
 * the module path, the container in OSGi) and to operators (JMX, the Gogo shell, ConfigAdmin).
 */
public interface DispatcherView {

    /** {@return the dispatcher id, e.g. {@code default}} */
    String id();

    /** {@return the dispatcher kind, e.g. {@code work-stealing}} */
    String kind();

    /** {@return the current throughput budget: user messages an actor may handle per turn} */
    int throughputBudget();

    /** {@return a snapshot of the dispatcher's counters and queues} */
    DispatcherStats stats();

    /**
     * Reads one counter.
     *
     * @param counter the counter
     * @return its value; 0 if this kind does not keep it
     */
    long counter(DispatcherCounter counter);
}
