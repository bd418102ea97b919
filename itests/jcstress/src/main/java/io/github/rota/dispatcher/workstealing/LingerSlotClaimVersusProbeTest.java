package io.github.rota.dispatcher.workstealing;

import io.github.rota.spi.dispatch.LingeringSchedulable;
import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.dispatch.Turn;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZ_Result;

/**
 * A worker resumes a lingering actor that has work while the starvation probe, behind what it took
 * for a long turn, takes the same actor to let it go: exactly one of them gets it, or the actor would
 * run and be let go at once (two holders of one claim), or be stuck in its slot.
 */
@JCStressTest
@Outcome(id = {"true, false", "false, true"}, expect = Expect.ACCEPTABLE, desc = "exactly one of worker and probe has it")
@Outcome(id = "true, true", expect = Expect.FORBIDDEN, desc = "held twice")
@Outcome(id = "false, false", expect = Expect.FORBIDDEN, desc = "left in its slot, with work")
@State
public class LingerSlotClaimVersusProbeTest {

    private final Remote owner = new Remote(0, LocalRing.DEFAULT_CAPACITY);
    private final Remote asSeenByProbe = owner;

    public LingerSlotClaimVersusProbeTest() {
        owner.putLingering(new LingeringSchedulable() {
            @Override
            public boolean runTurn(Turn turn) {
                return false;
            }

            @Override
            public boolean hasWork() {
                return true;
            }

            @Override
            public boolean releaseLingering() {
                return false;
            }
        });
    }

    @Actor
    public void workerResumes(ZZ_Result r) {
        r.r1 = owner.claimLingeringWithWork() != null;
    }

    @Actor
    public void probeTakes(ZZ_Result r) {
        r.r2 = asSeenByProbe.takeLingering(0) != null;
    }
}
