package io.github.rota.dispatcher.workstealing;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.rota.api.DispatcherError;
import io.github.rota.spi.dispatch.LingeringSchedulable;
import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.dispatch.Turn;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A schedulable whose release from a linger slot throws (a third party's, over a mailbox that
 * fails) is reported, and costs the worker neither its thread nor any other actor it was taking.
 */
class LingeringReleaseFaultTest {

    private final List<Object> events = new CopyOnWriteArrayList<>();
    private final Remote local = new Remote(0, LocalRing.DEFAULT_CAPACITY);
    private final Shared queues = new Shared("faulty", new Remote[] {local}, events::add);
    private final Core core = new Core(local, queues);

    @AfterEach
    void close() {
        queues.close();
    }

    @Test
    void anActorTakenFromTheGlobalQueueIsNotLostWhenALingeringReleaseThrows() {
        IllegalStateException fault = new IllegalStateException("a third-party mailbox failed");
        local.putLingering(new FailingRelease(fault));
        Schedulable waiting = new Waiting();
        queues.scheduleFromOutside(waiting);
        for (int take = 1; take < Core.GLOBAL_CHECK_INTERVAL; take++) {
            core.globalCheckDue(); // the takes before this one
        }

        assertThat(core.take()).as("the global queue's turn, due now").isSameAs(waiting);
        assertThat(events).singleElement().isInstanceOfSatisfying(DispatcherError.class,
                error -> assertThat(error.cause()).isSameAs(fault));
    }

    /** Lingers with no work; its release fails. */
    private record FailingRelease(RuntimeException fault) implements LingeringSchedulable {
        @Override
        public boolean runTurn(Turn turn) {
            throw new AssertionError("never run here");
        }

        @Override
        public boolean hasWork() {
            return false;
        }

        @Override
        public boolean releaseLingering() {
            throw fault;
        }
    }

    /** Waits in a queue; the test only moves it. */
    private static final class Waiting implements Schedulable {
        @Override
        public boolean runTurn(Turn turn) {
            throw new AssertionError("only moved between queues here");
        }
    }
}
