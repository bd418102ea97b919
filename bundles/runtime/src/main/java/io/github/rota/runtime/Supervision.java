package io.github.rota.runtime;

import io.github.rota.api.Directive;
import io.github.rota.api.SupervisorStrategy;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A parent's side of supervision: what becomes of a child that failed, by the parent's strategy.
 * The child is suspended until the directive reaches it (system messages still flow).
 *
 * <p>Threads: the parent's turns only; a backed-off restart reaches the child from the system's
 * scheduler thread, as a system message.
 */
final class Supervision {

    private static final Logger LOG = LoggerFactory.getLogger(Supervision.class);

    private Supervision() {
    }

    /**
     * Resumes, restarts (at once or after the strategy's back-off; stopped instead beyond its
     * restart limit) or stops {@code child}.
     *
     * @return the directive; on {@link Directive#ESCALATE} the parent fails in turn, which is the
     *         caller's to do
     */
    static Directive handle(ActorCell<?> parent, SupervisorStrategy strategy, ActorCell<?> child, Throwable cause) {
        Directive directive;
        try {
            directive = strategy.decide(cause);
        } catch (Throwable deciderFailure) {
            LOG.error("supervisor strategy of {} failed deciding for {}; stopping the child",
                    parent.self.path(), child.self.path(), deciderFailure);
            directive = Directive.STOP;
        }
        LOG.warn("{} failed; its supervisor {} decided {}", child.self.path(), parent.self.path(), directive, cause);
        switch (directive) {
            case RESUME -> child.sendSystem(SystemMessage.resume());
            case RESTART -> restart(parent, strategy, child, cause);
            case STOP -> child.sendSystem(SystemMessage.terminate());
            case ESCALATE -> { }
        }
        return directive;
    }

    private static void restart(ActorCell<?> parent, SupervisorStrategy strategy, ActorCell<?> child, Throwable cause) {
        RestartWindow restarts = child.restarts();
        if (!restarts.permit(strategy)) {
            LOG.warn("{} exceeded {}; stopping it", child.self.path(), strategy);
            child.sendSystem(SystemMessage.terminate());
            return;
        }
        long backoff = restarts.backoffNanos(strategy, System.nanoTime(), ThreadLocalRandom.current().nextDouble());
        if (backoff == 0) {
            child.sendSystem(SystemMessage.recreate(cause));
            return;
        }
        // The child stays suspended until then: its messages wait; stopped meanwhile, it ignores the recreate.
        LOG.info("{} restarts in {} ms (back-off)", child.self.path(), TimeUnit.NANOSECONDS.toMillis(backoff));
        parent.system.scheduler().scheduleOnce(Duration.ofNanos(backoff), () -> child.sendSystem(SystemMessage.recreate(cause)));
    }
}
