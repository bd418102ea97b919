package io.github.rota.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.Props;
import io.github.rota.api.Settings;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code context.blocking(...)} keeps the pool's parallelism: blocked actors do not stall the others. */
class BlockingTest {

    private static final int WORKERS = 2;
    private ActorSystem system;

    @AfterEach
    void terminate() throws Exception {
        system.terminate().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }

    @ParameterizedTest
    @ValueSource(strings = {"work-stealing", "executor"})
    void withEveryWorkerInsideBlockingOtherActorsStillGetTurns(String kind) throws Exception {
        system = ActorSystem.create("blocking", Settings.empty()
                .with("rota.dispatcher.default.kind", kind)
                .with("rota.dispatcher.default.workers", WORKERS));
        CountDownLatch entered = new CountDownLatch(WORKERS);
        CountDownLatch release = new CountDownLatch(1);
        LongAdder released = new LongAdder();
        for (int i = 0; i < WORKERS; i++) {
            system.spawn(Props.create(() -> context -> {
                entered.countDown();
                if (context.blocking(() -> release.await(30, TimeUnit.SECONDS))) {
                    released.increment();
                }
            }), "blocker-" + i).tell("block");
        }
        assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();

        ActorRef<String> other = system.spawn(Props.create(() -> context -> release.countDown()), "other");
        other.tell("are you running?");
        await().atMost(Duration.ofSeconds(20)).until(() -> released.sum() == WORKERS);
    }
}
