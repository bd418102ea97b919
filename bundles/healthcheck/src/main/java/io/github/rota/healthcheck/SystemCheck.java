package io.github.rota.healthcheck;

import io.github.rota.api.management.ActorSystemHealth;
import io.github.rota.api.management.HealthCheckResult;
import org.apache.felix.hc.api.FormattingResultLog;
import org.apache.felix.hc.api.HealthCheck;
import org.apache.felix.hc.api.Result;

/**
 * One of an actor system's health checks as a Felix {@link HealthCheck}: it reports the verdict of
 * the last evaluation (at most a second old) and so costs a read, however often it is executed.
 */
final class SystemCheck implements HealthCheck {

    private final ActorSystemHealth health;
    private final String check;

    /**
     * @param health the system's checks
     * @param check one of {@link ActorSystemHealth#CHECKS}
     */
    SystemCheck(ActorSystemHealth health, String check) {
        if (!ActorSystemHealth.CHECKS.contains(check)) {
            throw new IllegalArgumentException("no health check named '" + check + "'");
        }
        this.health = health;
        this.check = check;
    }

    @Override
    public Result execute() {
        FormattingResultLog log = new FormattingResultLog();
        HealthCheckResult result = health.results().stream().filter(r -> r.check().equals(check)).findFirst().orElse(null);
        if (result == null) {
            log.healthCheckError("actor system '{}' reports no check '{}'", health.system(), check);
            return new Result(log);
        }
        switch (result.status()) {
            case OK -> log.info("{}", result.reason());
            case WARN -> log.warn("{}", result.reason());
            case CRITICAL -> log.critical("{}", result.reason());
        }
        return new Result(log);
    }
}
