package io.github.rota.api.management;

/**
 * One actor system, registered as {@code io.github.rota:type=ActorSystem,name=<system>}.
 *
 * <p>Health is {@code OK}, {@code WARN} or {@code CRITICAL}, re-evaluated every second over the last
 * minute: CRITICAL while actors have waited more than 5 seconds for a dispatcher that is missing;
 * WARN when a worker was reported stuck in one long turn (starvation), when more than 1,000 dead
 * letters arrived (mailboxes overflowing, actors stopping under load), when a dispatcher's recent
 * p99 queue delay (time from scheduled to turn start) is above 100 ms, or when more than 10,000
 * actors wait in a dispatcher's shared queue (the workers are behind); OK otherwise.
 * {@code HealthReason} says which.
 */
public interface ActorSystemMXBean {

    /** The ObjectName's {@code type}. */
    String TYPE = "ActorSystem";

    /** {@return the system's name} */
    String getName();

    /** {@return actors started and not yet stopped} */
    @Units("actors")
    long getLiveActors();

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
}
