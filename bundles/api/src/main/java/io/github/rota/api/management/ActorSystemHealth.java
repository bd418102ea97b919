package io.github.rota.api.management;

import java.util.List;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The health checks of one actor system, re-evaluated every second over a sliding window. In OSGi
 * the management bundle registers one as a service per actor system, with the property
 * {@value io.github.rota.api.ActorSystem#SYSTEM_PROPERTY}; Rota's Felix Health Check bundle turns each check into a
 * {@code HealthCheck} service tagged {@code rota}, and the worst verdict is the
 * {@link ActorSystemMXBean#getHealth() Health} attribute.
 *
 * <p>Each check measures one number and compares it with a warning and a critical threshold, set in
 * the configuration {@value #PID} (defaults in parentheses; window {@code windowSeconds}, 60):
 * <ul>
 *   <li>{@code dispatcher-missing}: seconds actors have waited for a dispatcher id nothing serves
 *       ({@code dispatcherMissingWarnSeconds} 1, {@code dispatcherMissingCriticalSeconds} 5);</li>
 *   <li>{@code starvation}: turns the starvation probe reported stuck, in the window
 *       ({@code starvationWarn} 1, {@code starvationCritical} 10);</li>
 *   <li>{@code queue-delay}: the p99 of the queue-delay probes in the window (scheduled to turn
 *       start, probed once a second on every dispatcher, the slowest dispatcher's each second; a
 *       probe still waiting counts as long as it has waited; with a probe a second the p99 of a
 *       window up to 100 s is its slowest probe) ({@code queueDelayWarnMillis} 100,
 *       {@code queueDelayCriticalMillis} 1000);</li>
 *   <li>{@code dead-letters}: dead letters in the window ({@code deadLettersWarn} 1000,
 *       {@code deadLettersCritical} 100000);</li>
 *   <li>{@code saturation}: seconds in which no worker of a dispatcher parked, for the kinds that
 *       park ({@code saturationWarnSeconds} 30, {@code saturationCriticalSeconds} 300);</li>
 *   <li>{@code backlog}: actors waiting in a dispatcher's shared queue ({@code backlogWarn} 10000,
 *       {@code backlogCritical} 100000).</li>
 * </ul>
 * A value at or above a threshold reaches it. Thread-safe: {@link #results()} reads the last
 * evaluation.
 */
@ProviderType
public interface ActorSystemHealth {

    /** The configuration PID of the thresholds. */
    String PID = "io.github.rota.health";

    /** The checks, in the order {@link #results()} lists them. */
    List<String> CHECKS = List.of("dispatcher-missing", "starvation", "queue-delay", "dead-letters", "saturation", "backlog");

    /** {@return the actor system's name} */
    String system();

    /** {@return one result per check, in {@link #CHECKS} order} */
    List<HealthCheckResult> results();
}
