package io.github.rota.dispatcher.workstealing;

import io.github.rota.spi.dispatch.Schedulable;
import java.util.List;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.LL_Result;

/**
 * The owner pushes onto its full ring (of 4) while a thief steals half: the push either is
 * refused and changes nothing, or lands after the steal made room; every actor ends up in exactly
 * one place, each place in push order.
 */
@JCStressTest
@Outcome(id = "OK, refused", expect = Expect.ACCEPTABLE, desc = "the ring was still full: refused, nothing changed")
@Outcome(id = "OK, pushed", expect = Expect.ACCEPTABLE, desc = "the steal made room first")
@Outcome(expect = Expect.FORBIDDEN, desc = "an actor lost, taken twice or out of order, or a refused push left a trace")
@State
public class LocalRingFullPushVersusStealTest {

    private final LocalRing ring = new LocalRing(4);
    private final LocalRing thiefRing = new LocalRing(4);
    private final List<Schedulable> actors = Actors.make(5);
    private boolean pushed;

    public LocalRingFullPushVersusStealTest() {
        for (int i = 0; i < 4; i++) {
            ring.push(actors.get(i));
        }
    }

    @Actor
    public void owner() {
        pushed = ring.push(actors.get(4));
    }

    @Actor
    public void thief() {
        ring.stealHalfInto(thiefRing);
    }

    @Arbiter
    public void check(LL_Result r) {
        List<List<Schedulable>> places = List.of(Actors.drain(thiefRing), Actors.drain(ring));
        r.r1 = Actors.verdict(places, pushed ? actors : actors.subList(0, 4));
        r.r2 = pushed ? "pushed" : "refused";
    }
}
