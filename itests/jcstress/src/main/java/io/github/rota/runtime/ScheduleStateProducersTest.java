package io.github.rota.runtime;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZ_Result;

/** Two producers find an idle actor: exactly one of them schedules it. */
@JCStressTest
@Outcome(id = {"true, false", "false, true"}, expect = Expect.ACCEPTABLE, desc = "exactly one producer schedules")
@Outcome(id = "true, true", expect = Expect.FORBIDDEN, desc = "scheduled twice: two workers could run the actor")
@Outcome(id = "false, false", expect = Expect.FORBIDDEN, desc = "nobody scheduled: the messages would wait forever")
@State
public class ScheduleStateProducersTest {

    private final ScheduleState state = new StateWord();

    @Actor
    public void producer1(ZZ_Result r) {
        r.r1 = state.trySchedule();
    }

    @Actor
    public void producer2(ZZ_Result r) {
        r.r2 = state.trySchedule();
    }
}
