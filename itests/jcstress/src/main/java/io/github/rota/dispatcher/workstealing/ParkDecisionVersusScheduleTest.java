package io.github.rota.dispatcher.workstealing;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZ_Result;

/**
 * The Dekker handshake behind parking, without the blocking: a worker registers as sleeping and
 * re-scans while an outside producer pushes and looks for a sleeper. Result: (worker decided to
 * block until woken, worker still marked sleeping at the end). Blocking while still marked sleeping means
 * nobody will unpark it although work is queued.
 */
@JCStressTest
@Outcome(id = "false, false", expect = Expect.ACCEPTABLE, desc = "the re-scan saw the work: the worker stays awake")
@Outcome(id = "true, false", expect = Expect.ACCEPTABLE, desc = "the worker blocks, but the producer claimed it and unparked it")
@Outcome(id = "true, true", expect = Expect.FORBIDDEN, desc = "lost wake-up: blocked, unclaimed, with work queued")
@Outcome(id = "false, true", expect = Expect.FORBIDDEN, desc = "awake but still counted as sleeping")
@State
public class ParkDecisionVersusScheduleTest {

    private final WorkStealingDispatcher pool = new WorkStealingDispatcher("jcstress", "decide", 1, 32);
    private final Worker worker = pool.worker(0);

    public ParkDecisionVersusScheduleTest() {
        worker.core().remote.bind(new Thread()); // never started: an unpark aimed at it is harmless
    }

    @Actor
    public void worker(ZZ_Result r) {
        r.r1 = worker.core().prepareToPark() == Core.UNTIL_WOKEN;
    }

    @Actor
    public void producer() {
        pool.schedule(turn -> false);
    }

    @Arbiter
    public void end(ZZ_Result r) {
        r.r2 = worker.core().remote.isSleeping();
    }
}
