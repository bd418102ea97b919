package io.github.rota.dispatcher.workstealing;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * A worker parked for a while (the only work it saw was in siblings' rings) runs out its time and
 * takes itself off the idle set, while an outside producer pushes and claims a sleeper to wake.
 * Result: (workers counted parked, the worker's park state: 0 awake, 1 sleeping, 2 woken but not
 * taken up, the searcher count: 1 if the worker counts itself a searcher, 0 if it does not and nobody
 * else is counted, 2 if a searcher is counted for nobody). Either side may win; neither may leave a
 * parked worker counted, a state behind, or a searcher counted that no worker will give back.
 */
@JCStressTest
@Outcome(id = "0, 0, 0", expect = Expect.ACCEPTABLE, desc = "the time ran out first: awake, not searching, and nobody to wake")
@Outcome(id = "0, 0, 1", expect = Expect.ACCEPTABLE, desc = "the producer claimed it first: awake as the searcher it counted")
@Outcome(expect = Expect.FORBIDDEN, desc = "a parked count, a park state or a searcher left behind")
@State
public class TimedParkExpiryVersusWakeTest {

    private final WorkStealingDispatcher pool = new WorkStealingDispatcher("jcstress", "timed-park", 1, 32);
    private final Core core = pool.worker(0).core();

    public TimedParkExpiryVersusWakeTest() {
        core.remote.bind(new Thread()); // never started: an unpark aimed at it is harmless
        core.shared.idle.beforePark(core.remote); // parked, for a while
    }

    @Actor
    public void worker() {
        core.afterPark(); // the park's time ran out, or it was woken
    }

    @Actor
    public void producer() {
        pool.schedule(turn -> false);
    }

    @Arbiter
    public void end(III_Result r) {
        r.r1 = core.shared.idle.parkedCount();
        r.r2 = core.remote.isSleeping() ? 1 : core.remote.isWoken() ? 2 : 0;
        r.r3 = core.isSearching() ? 1 : core.shared.idle.tryBeginSearching() ? 0 : 2;
    }
}
