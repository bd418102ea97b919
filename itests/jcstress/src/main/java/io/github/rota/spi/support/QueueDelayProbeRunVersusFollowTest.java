package io.github.rota.spi.support;

import io.github.rota.spi.dispatch.Schedulable;
import java.util.ArrayList;
import java.util.List;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.I_Result;

/**
 * A probe queued on a dispatcher that was replaced runs late, on the old dispatcher's worker, while
 * the watcher follows the replacement and arms a new probe there: the real
 * {@link QueueDelayProbe} {@code runTurn} against {@code follow} then {@code tick}. Whatever the
 * order, the late probe leaves the new one outstanding, so the next tick schedules no second probe
 * beside it (and health keeps seeing the new probe wait).
 */
@JCStressTest
@Outcome(id = "1", expect = Expect.ACCEPTABLE, desc = "one probe outstanding on the replacement")
@Outcome(id = "2", expect = Expect.FORBIDDEN, desc = "the late probe cleared the new one: a second was scheduled beside it")
@State
public class QueueDelayProbeRunVersusFollowTest {

    private final Holding replaced = new Holding();
    private final Holding replacement = new Holding();
    private final QueueDelayProbe probe = new QueueDelayProbe(replaced, nanos -> { });
    private final Schedulable late;

    public QueueDelayProbeRunVersusFollowTest() {
        probe.tick();
        late = replaced.queue.get(0);
    }

    @Actor
    public void oldWorker() {
        late.runTurn(null);
    }

    @Actor
    public void watcher() {
        probe.follow(replacement);
        probe.tick();
    }

    @Arbiter
    public void nextTick(I_Result r) {
        probe.tick();
        r.r1 = replacement.queue.size();
    }

    /** A dispatcher that only keeps what is scheduled on it. */
    static final class Holding extends AbstractDispatcher {

        final List<Schedulable> queue = new ArrayList<>();

        Holding() {
            super("default", "holding", 32, fault -> { });
        }

        @Override
        public void start() {
        }

        @Override
        public void schedule(Schedulable schedulable) {
            queue.add(schedulable);
        }

        @Override
        public List<Schedulable> stop() {
            return List.of();
        }

        @Override
        public void signalStop() {
        }
    }
}
