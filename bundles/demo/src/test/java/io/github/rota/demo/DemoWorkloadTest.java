package io.github.rota.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.github.rota.api.ActorSystem;
import io.github.rota.api.Settings;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class DemoWorkloadTest {

    private final ActorSystem system = ActorSystem.create("demo", Settings.empty());

    @AfterEach
    void terminate() throws Exception {
        system.terminate().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }

    @Test
    void aTickDrivesEachShapeByItsShareAndEveryMessageIsHandled() {
        DemoWorkload workload = new DemoWorkload(system, "demo1");

        workload.tick(300);
        workload.tick(300);

        // Per tick of 300: a third each; 12 round trips per client pair, 50 fan-out sends, 100 hot messages.
        await().atMost(Duration.ofSeconds(10)).until(() -> workload.roundTrips.sum() == 2 * DemoWorkload.PAIRS * 12
                && workload.fanOutAcks.sum() == 2 * 50 && workload.hotMessages.sum() == 2 * 100);
        assertThat(system.deadLetterCount()).isZero();
    }

    @Test
    void stopStopsEveryDemoActor() {
        DemoWorkload workload = new DemoWorkload(system, "demo1");
        workload.stop(0);

        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            long before = system.deadLetterCount();
            workload.tick(30);
            assertThat(system.deadLetterCount()).isGreaterThan(before);
        });
    }

    @Test
    void aNewRunStartsAtOnceWhileTheLastRunsActorsAreStillStopping() {
        DemoWorkload first = new DemoWorkload(system, "demo1");
        first.tick(3_000);
        first.stop(0);
        DemoWorkload second = new DemoWorkload(system, "demo2");

        second.tick(300);
        await().atMost(Duration.ofSeconds(10)).until(() -> second.roundTrips.sum() == DemoWorkload.PAIRS * 12
                && second.fanOutAcks.sum() == 50 && second.hotMessages.sum() == 100);
    }

    @Test
    void aStopLetsTheWorkAlreadySentFinishSoACleanShutdownLeavesNoDeadLetter() throws Exception {
        DemoWorkload workload = new DemoWorkload(system, "demo1");
        for (int i = 0; i < 10; i++) {
            workload.tick(3_000);
        }

        assertThat(workload.stop(30_000)).as("still in flight when the actors were stopped").isZero();
        system.terminate().toCompletableFuture().get(30, TimeUnit.SECONDS);
        assertThat(system.deadLetterCount()).isZero();
    }
}
