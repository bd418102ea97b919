package io.github.rota.bench;

import io.github.rota.bench.spi.Behavior;
import io.github.rota.bench.spi.Contender;
import io.github.rota.bench.spi.ContenderFactory;
import io.github.rota.bench.spi.Ref;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * Runtimes for the runner's tests that fail as a hung runtime does, both Rota's work-stealing runtime
 * underneath: {@code failing} fails its first round (it cannot spawn an actor) and then its close;
 * {@code unclosable} runs its rounds but then cannot close. They are registered for every test of the
 * runner, so a test JVM's list of installed runtimes includes them: a test that runs every installed
 * runtime must leave them out.
 */
public final class FailingContenders implements ContenderFactory {

    static final String FAILING = "failing";
    static final String UNCLOSABLE = "unclosable";

    @Override
    public List<String> names() {
        return List.of(FAILING, UNCLOSABLE);
    }

    @Override
    public Contender create(String name, int throughput) {
        return new Hung(name, new RotaContenders().create("rota-ws", throughput));
    }

    /** Rota's runtime, but closing it always fails, and {@code failing} refuses every spawn. */
    private record Hung(String name, Contender rota) implements Contender {

        @Override
        public <M> Ref<M> spawn(String actor, Behavior<M> behavior) {
            if (name.equals(FAILING)) {
                throw new IllegalStateException("cannot spawn " + actor);
            }
            return rota.spawn(actor, behavior);
        }

        @Override
        public <M> CompletionStage<Object> ask(Ref<M> target, M message, Duration timeout) {
            return rota.ask(target, message, timeout);
        }

        @Override
        public void stop(Ref<?> actor) {
            rota.stop(actor);
        }

        @Override
        public void close() {
            rota.close();
            throw new IllegalStateException("did not terminate");
        }
    }
}
