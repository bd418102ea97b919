package io.github.rota.dispatcher.workstealing;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Mode;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.Signal;
import org.openjdk.jcstress.annotations.State;

/**
 * A worker with nothing to do parks while an outside producer schedules an actor: the worker must
 * not stay parked (either its re-scan sees the work, or the producer wakes it).
 */
@JCStressTest(Mode.Termination)
@Outcome(id = "TERMINATED", expect = Expect.ACCEPTABLE, desc = "the worker woke up or never slept")
@Outcome(id = "STALE", expect = Expect.FORBIDDEN, desc = "lost wake-up: the worker sleeps with work queued")
@State
public class ParkVersusScheduleTest {

    private final WorkStealingDispatcher pool = new WorkStealingDispatcher("jcstress", "park", 1, 32);
    private final Worker worker = pool.worker(0);

    @Actor
    public void worker() {
        worker.core().remote.bind(Thread.currentThread());
        worker.park();
    }

    @Signal
    public void producer() {
        pool.schedule(turn -> false);
    }
}
