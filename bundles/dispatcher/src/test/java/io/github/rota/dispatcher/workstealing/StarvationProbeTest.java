package io.github.rota.dispatcher.workstealing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.github.rota.api.DispatcherError;
import io.github.rota.api.WorkerStarvation;
import io.github.rota.api.DispatcherCounter;
import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.dispatch.Turn;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class StarvationProbeTest {

    private final List<Object> events = new CopyOnWriteArrayList<>();
    private final WorkStealingDispatcher dispatcher =
            new WorkStealingDispatcher("sys", "probed", 2, 32, 100, 0, events::add);

    @AfterEach
    void stop() {
        dispatcher.stop();
    }

    private static void blockIn(CountDownLatch release) {
        try {
            release.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void aTurnLongerThanTheThresholdIsReportedOncePerEpisodeWithItsStack() {
        dispatcher.start();
        CountDownLatch release = new CountDownLatch(1);
        dispatcher.schedule(turn -> {
            blockIn(release);
            return false;
        });
        await().until(() -> !events.isEmpty());
        // The same episode goes on for several more thresholds: it must not be reported again.
        await().during(Duration.ofMillis(400)).atMost(Duration.ofSeconds(5)).until(() -> events.size() == 1);
        release.countDown();

        assertThat(events).hasSize(1);
        WorkerStarvation report = (WorkerStarvation) events.get(0);
        assertThat(report.dispatcherId()).isEqualTo("probed");
        assertThat(report.workerThread()).startsWith("sys-probed-worker-");
        assertThat(report.stuckFor()).isGreaterThanOrEqualTo(Duration.ofMillis(100));
        assertThat(report.stack()).anyMatch(frame -> frame.getMethodName().equals("blockIn"));
        await().until(() -> dispatcher.counter(DispatcherCounter.STARVATION_REPORTS) == 1);

        CountDownLatch again = new CountDownLatch(1);
        dispatcher.schedule(turn -> {
            blockIn(again);
            return false;
        });
        await().until(() -> events.size() == 2);
        again.countDown();
    }

    @Test
    void anInterruptedProbeGoesOnSleepingBetweenLooks() {
        dispatcher.start();
        Thread probe = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().equals("sys-probed-starvation-probe")).findFirst().orElseThrow();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        probe.interrupt();
        long cpuBefore = threads.getThreadCpuTime(probe.getId());

        // Idle, it looks every 10 ms: a few microseconds of CPU each. A probe that spins takes a core.
        await().during(Duration.ofMillis(500)).atMost(Duration.ofSeconds(2)).until(
                () -> threads.getThreadCpuTime(probe.getId()) - cpuBefore < TimeUnit.MILLISECONDS.toNanos(100));
    }

    @Test
    void aTurnSeenAgainWithinMomentsIsNotTakenForAStuckOne() {
        // However soon the probe looks again (a spurious wake-up, an interrupt), a worker counts as
        // stuck only once its turn has lasted a busy interval: its next slot is its own until then.
        Remote busy = new Remote(0, LocalRing.DEFAULT_CAPACITY);
        Shared queues = new Shared("probed", new Remote[] {busy}, events::add);
        StarvationProbe probe = new StarvationProbe(queues, "probed", 0, events::add);
        busy.advanceTurnEpoch(); // odd: in a turn
        busy.putNextSlot(new Waiting());
        long now = 1_000_000_000L;

        probe.sample(now);
        probe.sample(now + 1_000);
        assertThat(busy.hasNextSlot()).as("a microsecond into the turn").isTrue();
        assertThat(queues.globalDepth()).isZero();

        probe.sample(now + StarvationProbe.BUSY_INTERVAL_NANOS);
        assertThat(busy.hasNextSlot()).as("a busy interval into the turn: rescued").isFalse();
        assertThat(queues.globalDepth()).isOne();
        queues.close();
    }

    /** An actor waiting in a next slot; these tests only move it. */
    private static final class Waiting implements Schedulable {
        @Override
        public boolean runTurn(Turn turn) {
            throw new AssertionError("only moved between queues here");
        }
    }

    @Test
    void shortTurnsAreNeverReported() {
        // A generous threshold: on a loaded machine the OS alone can stall a thread for a while.
        WorkStealingDispatcher relaxed = new WorkStealingDispatcher("sys", "relaxed", 2, 32, 2_000, 0, events::add);
        relaxed.start();
        try {
            LongAdder runs = new LongAdder();
            for (int i = 0; i < 100_000; i++) {
                relaxed.schedule(turn -> {
                    runs.increment();
                    return false;
                });
            }
            await().until(() -> runs.sum() == 100_000);
            assertThat(events).isEmpty();
            assertThat(relaxed.counter(DispatcherCounter.STARVATION_REPORTS)).isZero();
        } finally {
            relaxed.stop();
        }
    }

    @Test
    void aFaultingTurnIsPublishedAndTheWorkerCarriesOn() {
        dispatcher.start();
        IllegalStateException bug = new IllegalStateException("bug in a schedulable");
        dispatcher.schedule(turn -> {
            throw bug;
        });
        LongAdder runs = new LongAdder();
        for (int i = 0; i < 100; i++) {
            dispatcher.schedule(turn -> {
                runs.increment();
                return false;
            });
        }
        await().until(() -> runs.sum() == 100 && !events.isEmpty());
        DispatcherError error = (DispatcherError) events.get(0);
        assertThat(error.dispatcherId()).isEqualTo("probed");
        assertThat(error.cause()).isSameAs(bug);
        assertThat(error.actor()).isNull();
    }
}
