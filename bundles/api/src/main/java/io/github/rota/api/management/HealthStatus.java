package io.github.rota.api.management;

/** How a health check judges an actor system, worst last, as Felix Health Checks and the JMX {@code Health} attribute show it. */
public enum HealthStatus {
    /** Within every threshold. */
    OK,
    /** Past the warning threshold: an operator should look. */
    WARN,
    /** Past the critical threshold: work is not getting done. */
    CRITICAL
}
