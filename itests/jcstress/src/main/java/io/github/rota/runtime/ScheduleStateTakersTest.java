package io.github.rota.runtime;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZ_Result;

/**
 * A faulty dispatcher hands one scheduling to two threads, which both try to start the turn
 * ({@code ScheduleState.takeForProcessing}): exactly one may run it.
 */
@JCStressTest
@Outcome(id = {"true, false", "false, true"}, expect = Expect.ACCEPTABLE, desc = "one thread runs the turn")
@Outcome(id = "true, true", expect = Expect.FORBIDDEN, desc = "the actor runs on two threads at once")
@Outcome(id = "false, false", expect = Expect.FORBIDDEN, desc = "nobody runs the scheduled actor")
@State
public class ScheduleStateTakersTest {

    private final ScheduleState state = new StateWord();

    public ScheduleStateTakersTest() {
        state.trySchedule();
    }

    @Actor
    public void first(ZZ_Result r) {
        r.r1 = state.takeForProcessing();
    }

    @Actor
    public void second(ZZ_Result r) {
        r.r2 = state.takeForProcessing();
    }
}
