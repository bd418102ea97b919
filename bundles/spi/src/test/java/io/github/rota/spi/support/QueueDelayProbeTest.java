package io.github.rota.spi.support;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.Schedulable;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.RejectedExecutionException;
import org.junit.jupiter.api.Test;

/** What health reads of the probe: a probe still queued is as late as it has waited; one that ran, its delay. */
class QueueDelayProbeTest {

    private final List<Schedulable> queued = new ArrayList<>();
    private final List<Long> delays = new CopyOnWriteArrayList<>();

    @Test
    void aQueuedProbeCountsAsLongAsItHasWaitedAndARunOneAsItsDelay() {
        QueueDelayProbe probe = new QueueDelayProbe(holding(queued), delays::add);
        assertThat(probe.delayNowNanos()).as("never scheduled").isNaN();

        probe.tick();
        double first = probe.delayNowNanos();
        long spinFrom = System.nanoTime();
        while (System.nanoTime() - spinFrom < 2_000_000) {
            Thread.onSpinWait();
        }
        assertThat(probe.delayNowNanos()).as("still queued: it keeps getting later").isGreaterThan(first + 1_000_000);
        probe.tick();
        assertThat(queued).as("one probe at a time").hasSize(1);

        queued.remove(0).runTurn(null);
        double ran = probe.delayNowNanos();
        assertThat(delays).as("its delay was reported").hasSize(1);
        assertThat(ran).isEqualTo(delays.get(0).doubleValue());
        assertThat(probe.delayNowNanos()).as("a probe that ran stays as it was").isEqualTo(ran);
    }

    @Test
    void aProbeQueuedOnAReplacedDispatcherNoLongerCountsAndItsLateRunLeavesTheNewOneQueued() {
        QueueDelayProbe probe = new QueueDelayProbe(holding(queued), delays::add);
        probe.tick();
        Schedulable old = queued.remove(0);

        List<Schedulable> replacement = new ArrayList<>();
        probe.follow(holding(replacement));
        assertThat(probe.delayNowNanos()).isNaN();
        probe.tick();
        old.runTurn(null);

        assertThat(delays).as("the late probe's delay is still a delay").hasSize(1);
        probe.tick();
        assertThat(replacement).as("the new probe is still the one queued").hasSize(1);
    }

    @Test
    void aProbeHandedBackByAStoppingDispatcherIsRearmedAtTheNextTick() {
        QueueDelayProbe probe = new QueueDelayProbe(holding(queued), delays::add);
        probe.tick();

        queued.remove(0).handedBack(new RejectedExecutionException("stopped"));
        assertThat(probe.delayNowNanos()).isNaN();
        probe.tick();

        assertThat(queued).hasSize(1);
    }

    private static Dispatcher holding(List<Schedulable> queue) {
        return (Dispatcher) Proxy.newProxyInstance(QueueDelayProbeTest.class.getClassLoader(), new Class<?>[] {Dispatcher.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("schedule")) {
                        queue.add((Schedulable) args[0]);
                        return null;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }
}
