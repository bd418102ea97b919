package io.github.rota.api;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * Receives the timings an actor system samples from its dispatchers
 * ({@link ActorSystem#addDispatcherSampleListener}), for histograms of the Kamon executor metrics
 * {@code time-in-queue} and turn time (Micrometer's, or any other library's). Called on the dispatchers'
 * worker threads, so each method must be quick and thread-safe. Override the ones you need.
 *
 * @since 2.2
 */
@ConsumerType
public interface DispatcherSampleListener {

    /**
     * A probe the system schedules on each dispatcher once a second waited this long between being
     * scheduled and the start of its turn: what an actor that became ready then would have waited.
     *
     * @param dispatcherId the dispatcher's id
     * @param nanos the probe's time in queue, in nanoseconds
     */
    default void timeInQueue(String dispatcherId, long nanos) {
    }

    /**
     * A sampled turn took this long (about one turn in 64, on the kinds that sample their turns:
     * work-stealing).
     *
     * @param dispatcherId the dispatcher's id
     * @param nanos the turn's length, in nanoseconds
     */
    default void turn(String dispatcherId, long nanos) {
    }
}
