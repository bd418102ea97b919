package io.github.rota.dispatcher.workstealing;

import io.github.rota.spi.dispatch.Schedulable;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * The owner expedites the actor in its next slot (out of the slot by CAS, onto its ring) while a
 * thief takes the slot, or failing that steals from the ring: the actor ends in exactly one place
 * (the thief's hands from the slot, from the ring, or the owner's ring), never twice, never nowhere.
 */
@JCStressTest
@Outcome(id = {"1, 0, 0", "0, 1, 0", "0, 0, 1"}, expect = Expect.ACCEPTABLE, desc = "in exactly one place")
@Outcome(expect = Expect.FORBIDDEN, desc = "taken twice, or lost")
@State
public class ExpediteVersusThiefTest {

    private final Schedulable actor = turn -> false;
    private final Remote owner = new Remote(0, LocalRing.DEFAULT_CAPACITY);
    private final Remote asSeenByThief = owner;
    private final LocalRing thiefRing = new LocalRing(LocalRing.DEFAULT_CAPACITY);

    public ExpediteVersusThiefTest() {
        owner.putNextSlot(actor);
    }

    @Actor
    public void ownerExpedites() {
        if (owner.takeNextSlotIf(actor)) {
            owner.ring.push(actor);
        }
    }

    @Actor
    public void thiefTakes(III_Result r) {
        if (asSeenByThief.takeNextSlot() == actor) {
            r.r1 = 1;
        } else if (asSeenByThief.stealHalfInto(thiefRing) == 1 && thiefRing.pop() == actor) {
            r.r2 = 1;
        }
    }

    @Arbiter
    public void where(III_Result r) {
        r.r3 = owner.ring.size();
    }
}
