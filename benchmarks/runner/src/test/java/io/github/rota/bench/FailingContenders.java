package io.github.rota.bench;

import io.github.rota.bench.spi.Behavior;
import io.github.rota.bench.spi.Contender;
import io.github.rota.bench.spi.ContenderFactory;
import io.github.rota.bench.spi.Ref;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * A runtime for the runner's tests that fails as a hung one does: {@code failing} cannot spawn an
 * actor, and then cannot close either.
 */
public final class FailingContenders implements ContenderFactory {

    static final String FAILING = "failing";

    @Override
    public List<String> names() {
        return List.of(FAILING);
    }

    @Override
    public Contender create(String name, int throughput) {
        return new Contender() {
            @Override
            public String name() {
                return FAILING;
            }

            @Override
            public <M> Ref<M> spawn(String actor, Behavior<M> behavior) {
                throw new IllegalStateException("cannot spawn " + actor);
            }

            @Override
            public <M> CompletionStage<Object> ask(Ref<M> target, M message, Duration timeout) {
                throw new UnsupportedOperationException();
            }

            @Override
            public void stop(Ref<?> actor) {
                throw new UnsupportedOperationException();
            }

            @Override
            public void close() {
                throw new IllegalStateException("did not terminate");
            }
        };
    }
}
