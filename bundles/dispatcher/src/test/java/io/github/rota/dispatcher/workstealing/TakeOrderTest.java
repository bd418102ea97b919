package io.github.rota.dispatcher.workstealing;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.dispatch.Turn;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A worker's take order, on one worker's own queues, taken by hand as its thread would. */
class TakeOrderTest {

    private final Remote local = new Remote(0, LocalRing.DEFAULT_CAPACITY);
    private final Shared queues = new Shared("take-order", new Remote[] {local}, event -> { });
    private final Core core = new Core(local, queues);

    @AfterEach
    void close() {
        queues.close();
    }

    @Test
    void outsideWorkWaitsForAtMostOneGlobalCheckIntervalBehindABusyRing() {
        List<Schedulable> ringWork = new ArrayList<>();
        for (int i = 0; i < Core.GLOBAL_CHECK_INTERVAL; i++) {
            Schedulable s = new Named("ring-" + i);
            ringWork.add(s);
            core.push(s);
        }
        Schedulable outside = new Named("outside");
        queues.scheduleFromOutside(outside);

        List<Schedulable> taken = new ArrayList<>();
        for (int take = 0; take < Core.GLOBAL_CHECK_INTERVAL; take++) {
            taken.add(core.take());
        }

        assertThat(taken.subList(0, Core.GLOBAL_CHECK_INTERVAL - 1)).as("the ring first").allMatch(ringWork::contains);
        assertThat(taken.get(Core.GLOBAL_CHECK_INTERVAL - 1)).as("take %d", Core.GLOBAL_CHECK_INTERVAL).isSameAs(outside);
    }

    private record Named(String name) implements Schedulable {
        @Override
        public boolean runTurn(Turn turn) {
            return false;
        }
    }
}
