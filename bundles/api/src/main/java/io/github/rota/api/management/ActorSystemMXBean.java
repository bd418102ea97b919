package io.github.rota.api.management;

/**
 * One actor system, registered as {@code io.github.rota:type=ActorSystem,name=<system>}.
 *
 * <p>{@code Health} is the worst verdict of the system's health checks ({@link ActorSystemHealth}:
 * a dispatcher missing while actors wait, starvation, queue delay, dead letters, saturation,
 * backlog), re-evaluated every second: {@code OK}, {@code WARN} or {@code CRITICAL};
 * {@code HealthReason} gives the reasons of the checks that are not OK.
 */
public interface ActorSystemMXBean {

    /** The ObjectName's {@code type}. */
    String TYPE = "ActorSystem";

    /** {@return the system's name} */
    String getName();

    /** {@return actors started and not yet stopped} */
    @Units("actors")
    long getLiveActors();

    /**
     * {@return user messages handled by the system's dispatchers, added up: those of the kinds that
     * count them (work-stealing; others when metered); a dispatcher replaced starts from zero, as a
     * Prometheus counter that resets}
     */
    @Units("messages")
    long getProcessedMessages();

    /** {@return actors tracked now, each with its {@link ActorMXBean}} */
    @Units("actors")
    int getTrackedActors();

    /** {@return dead letters since the start} */
    @Units("messages")
    long getDeadLetters();

    /** {@return time since the start} */
    @Units("milliseconds")
    long getUptimeMillis();

    /** {@return the dispatcher actors run on unless their props name one} */
    String getDefaultDispatcher();

    /** {@return the mailbox actors get unless their props name one} */
    String getDefaultMailbox();

    /** {@return up to ten actors with the most messages waiting, as {@code "<depth> <path>"}, deepest first} */
    String[] getLargestMailboxes();

    /** {@return {@code OK}, {@code WARN} or {@code CRITICAL}} */
    String getHealth();

    /** {@return why, in a sentence ({@code "all well"} when OK)} */
    String getHealthReason();

    /** {@return {@code Health} as a number, for tools that chart numbers only: 0 OK, 1 WARN, 2 CRITICAL} */
    int getHealthLevel();
}
