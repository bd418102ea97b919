package io.github.rota.api;

import org.osgi.annotation.versioning.ConsumerType;
import org.osgi.annotation.versioning.ProviderType;

/**
 * What Rota measures of one tracked actor, the metrics Kamon users know for Akka actors:
 * messages processed, errors, mailbox size, and the time sampled messages spent in the mailbox and
 * being processed. Only actors whose path matches the setting {@value Settings#METRICS_ACTORS} are
 * tracked, up to {@value Settings#METRICS_MAX_ACTORS}, so a million other actors cost nothing.
 *
 * <p>The timings are sampled: one message at a time is timed, its sender reading the clock once and
 * the turn twice; the others read no clock. Once a timed message has been handled, the message
 * sent after the next {@value Settings#METRICS_SAMPLE_INTERVAL} (default 64) handled ones is timed:
 * about one in 64 while the mailbox stays short, fewer while a backlog waits (each timed message
 * waits behind it). The counts are exact. Reading is safe from any thread and costs the actor nothing; each
 * value is current to within the turn in progress, and never goes down (except
 * {@link #mailboxSize}).
 *
 * <p>Metrics belong to the actor's incarnation: a tracked actor that stops leaves
 * {@link ActorSystem#trackedActors()}, and one spawned again under the same path starts from zero.
 */
@ProviderType
public interface ActorMetrics {

    /** {@return the actor measured} */
    ActorRef<?> actor();

    /**
     * {@return the actor's path below {@code rota://<system>/}, e.g. {@code user/orders/o-1}: how
     * the metrics reporters (JMX, Micrometer) name it, the same in each}
     *
     * @since 2.2
     */
    default String pathInSystem() {
        String path = actor().path();
        int below = path.startsWith(ActorRef.PATH_SCHEME) ? path.indexOf('/', ActorRef.PATH_SCHEME.length()) : -1;
        return below < 0 ? path : path.substring(below + 1);
    }

    /** {@return the user messages the actor has handled since it was spawned} */
    long processedMessages();

    /**
     * {@return how often the actor failed: an exception from handling a message, from
     * {@code preStart}, {@code preRestart}, {@code postRestart} or {@code postStop}, or from its factory}
     */
    long errors();

    /** {@return the messages waiting in the actor's mailbox now} */
    int mailboxSize();

    /** {@return how many messages were timed} */
    long sampledMessages();

    /** {@return the time the timed messages spent in the mailbox, added up, in nanoseconds} */
    long timeInMailboxNanos();

    /** {@return the time the actor took to handle the timed messages, added up, in nanoseconds} */
    long processingNanos();

    /**
     * Reports every timed message from now on to {@code listener}, for a histogram of the timings
     * (Dropwizard's, Micrometer's): called on the thread that ran the actor's turn, right after the
     * message was handled, so it must be quick and thread-safe. A listener that throws is removed
     * and the failure logged; the actor is not affected.
     *
     * @param listener what receives the timings
     */
    void addSampleListener(SampleListener listener);

    /**
     * Stops reporting to {@code listener}; nothing if it was not added.
     *
     * @param listener a listener added before
     */
    void removeSampleListener(SampleListener listener);

    /** Receives the timings of one sampled message ({@link #addSampleListener}). */
    @ConsumerType
    @FunctionalInterface
    interface SampleListener {

        /**
         * One message was timed.
         *
         * @param timeInMailboxNanos from its send to the start of its handling
         * @param processingNanos how long the actor took to handle it
         */
        void sampled(long timeInMailboxNanos, long processingNanos);
    }
}
