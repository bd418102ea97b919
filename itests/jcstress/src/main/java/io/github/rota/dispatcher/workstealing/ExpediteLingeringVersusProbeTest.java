package io.github.rota.dispatcher.workstealing;

import io.github.rota.spi.dispatch.LingeringSchedulable;
import io.github.rota.spi.dispatch.Turn;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZ_Result;

/**
 * The owner expedites a lingering actor (out of its linger slot, to be let go) while the starvation
 * probe, behind what it took for a long turn, takes the same actor to let it go: exactly one of them
 * gets it, or it would be let go twice (two schedulings) or stay in its slot.
 */
@JCStressTest
@Outcome(id = {"true, false", "false, true"}, expect = Expect.ACCEPTABLE, desc = "exactly one of owner and probe has it")
@Outcome(id = "true, true", expect = Expect.FORBIDDEN, desc = "taken twice")
@Outcome(id = "false, false", expect = Expect.FORBIDDEN, desc = "left in its slot")
@State
public class ExpediteLingeringVersusProbeTest {

    private final LingeringSchedulable actor = new LingeringSchedulable() {
        @Override
        public boolean runTurn(Turn turn) {
            return false;
        }

        @Override
        public boolean hasWork() {
            return false;
        }

        @Override
        public boolean releaseLingering() {
            return false;
        }
    };
    private final Remote owner = new Remote(0, LocalRing.DEFAULT_CAPACITY);
    private final Remote asSeenByProbe = owner;

    public ExpediteLingeringVersusProbeTest() {
        owner.putLingering(actor);
    }

    @Actor
    public void ownerExpedites(ZZ_Result r) {
        r.r1 = owner.takeLingeringIf(actor);
    }

    @Actor
    public void probeTakes(ZZ_Result r) {
        r.r2 = asSeenByProbe.takeLingering(0) == actor;
    }
}
