package io.github.rota.dispatcher.workstealing;

import io.github.rota.spi.dispatch.Schedulable;
import java.util.ArrayList;
import java.util.List;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.L_Result;

/** The owner pops while a thief steals half: every actor is taken exactly once. */
@JCStressTest
@Outcome(id = "OK", expect = Expect.ACCEPTABLE, desc = "each actor is with exactly one of owner, thief or ring")
@Outcome(expect = Expect.FORBIDDEN, desc = "an actor was lost or taken twice")
@State
public class LocalRingPopVersusStealTest {

    private final LocalRing ring = new LocalRing();
    private final LocalRing thiefRing = new LocalRing();
    private final List<Schedulable> actors = List.of(turn -> false, turn -> false, turn -> false);
    private Schedulable ownerTook;
    private final List<Schedulable> thiefTook = new ArrayList<>();

    public LocalRingPopVersusStealTest() {
        actors.forEach(ring::push);
    }

    @Actor
    public void owner() {
        ownerTook = ring.pop();
    }

    @Actor
    public void thief() {
        ring.stealHalfInto(thiefRing);
        for (Schedulable s = thiefRing.pop(); s != null; s = thiefRing.pop()) {
            thiefTook.add(s);
        }
    }

    @Arbiter
    public void check(L_Result r) {
        List<Schedulable> everywhere = new ArrayList<>(thiefTook);
        if (ownerTook != null) {
            everywhere.add(ownerTook);
        }
        for (Schedulable s = ring.pop(); s != null; s = ring.pop()) {
            everywhere.add(s);
        }
        boolean once = everywhere.size() == actors.size() && everywhere.containsAll(actors);
        r.r1 = once ? "OK" : "taken " + everywhere.size() + " times for " + actors.size() + " actors";
    }
}
