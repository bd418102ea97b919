package io.github.rota.api.management;

import java.util.Objects;

/**
 * The verdict of one health check, as of its last evaluation.
 *
 * @param check the check's name, one of {@link ActorSystemHealth#CHECKS}
 * @param status its status
 * @param reason what was measured against which threshold, in a sentence
 */
public record HealthCheckResult(String check, HealthStatus status, String reason) {

    /**
     * Checks that nothing is missing.
     *
     * @param check the check's name
     * @param status its status
     * @param reason why, in a sentence
     */
    public HealthCheckResult {
        Objects.requireNonNull(check, "check");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(reason, "reason");
    }
}
