package io.github.rota.dispatcher.workstealing;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZ_Result;

/** The owner takes its next-actor slot while a thief tries to: exactly one gets the actor. */
@JCStressTest
@Outcome(id = {"true, false", "false, true"}, expect = Expect.ACCEPTABLE, desc = "exactly one of owner and thief runs it")
@Outcome(id = "true, true", expect = Expect.FORBIDDEN, desc = "run twice")
@Outcome(id = "false, false", expect = Expect.FORBIDDEN, desc = "lost")
@State
public class NextSlotTakeVersusThiefTest {

    private final Remote owner = new Remote(0, LocalRing.DEFAULT_CAPACITY);
    private final Remote asSeenByThief = owner;

    public NextSlotTakeVersusThiefTest() {
        owner.putNextSlot(turn -> false);
    }

    @Actor
    public void ownerTakes(ZZ_Result r) {
        r.r1 = owner.takeNextSlot() != null;
    }

    @Actor
    public void thiefTakes(ZZ_Result r) {
        r.r2 = asSeenByThief.takeNextSlot() != null;
    }
}
