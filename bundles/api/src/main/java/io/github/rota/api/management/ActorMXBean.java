package io.github.rota.api.management;

/**
 * One tracked actor (its path matches the setting {@code rota.system.metrics.actors}), registered as
 * {@code io.github.rota:type=Actor,system=<system>,path=<path below rota://<system>/>}, for example
 * {@code io.github.rota:type=Actor,system=rota,path=user/orders/o-1}: the metrics Kamon users chart
 * for Akka actors. The MBean appears within a second of the actor's spawn and goes within a second
 * of its stop; an actor spawned again under the same path starts from zero.
 *
 * <p>The counts are exact. The timings are of sampled messages (about one in
 * {@code rota.system.metrics.sampleInterval}): each as a summary, a count and a sum over all samples
 * and percentiles of the last 256.
 */
public interface ActorMXBean {

    /** The ObjectName's {@code type}. */
    String TYPE = "Actor";

    /** {@return the actor's full path, {@code rota://<system>/...}} */
    String getPath();

    /** {@return user messages the actor has handled} */
    @Units("messages")
    long getProcessedMessages();

    /** {@return failures of the actor's own code: a message's handling, its lifecycle hooks, its factory} */
    @Units("failures")
    long getErrors();

    /** {@return messages waiting in its mailbox now} */
    @Units("messages")
    int getMailboxSize();

    /** {@return messages whose time in the mailbox was taken (the sampled messages)} */
    @Units("messages")
    long getTimeInMailboxCount();

    /** {@return the sampled messages' time in the mailbox, from send to the start of handling, added up} */
    @Units("nanoseconds")
    long getTimeInMailboxNanos();

    /** {@return the median time in the mailbox of the last 256 samples} */
    @Units("nanoseconds")
    double getTimeInMailboxP50Nanos();

    /** {@return the 99th percentile of the time in the mailbox of the last 256 samples} */
    @Units("nanoseconds")
    double getTimeInMailboxP99Nanos();

    /** {@return the longest time in the mailbox of the last 256 samples} */
    @Units("nanoseconds")
    long getTimeInMailboxMaxNanos();

    /** {@return messages whose processing time was taken (the same sampled messages)} */
    @Units("messages")
    long getProcessingTimeCount();

    /** {@return the sampled messages' processing time, added up} */
    @Units("nanoseconds")
    long getProcessingTimeNanos();

    /** {@return the median processing time of the last 256 samples} */
    @Units("nanoseconds")
    double getProcessingTimeP50Nanos();

    /** {@return the 99th percentile of the processing time of the last 256 samples} */
    @Units("nanoseconds")
    double getProcessingTimeP99Nanos();

    /** {@return the longest processing time of the last 256 samples} */
    @Units("nanoseconds")
    long getProcessingTimeMaxNanos();
}
