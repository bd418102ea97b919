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

/**
 * A ring of 4 whose positions have wrapped (the queued actors sit in slots 3, 0 and 1): the owner
 * pushes one more and pops one while a thief steals half. Every actor ends up in exactly one
 * place, each place in push order.
 */
@JCStressTest
@Outcome(id = "OK", expect = Expect.ACCEPTABLE, desc = "each actor with exactly one of owner, thief or ring, in order")
@Outcome(expect = Expect.FORBIDDEN, desc = "an actor lost, taken twice or out of order across the wrap")
@State
public class LocalRingWrapStealTest {

    private final LocalRing ring = new LocalRing(4);
    private final LocalRing thiefRing = new LocalRing(4);
    private final List<Schedulable> actors = Actors.make(4);
    private final List<Schedulable> ownerTook = new ArrayList<>();

    public LocalRingWrapStealTest() {
        for (Schedulable warmUp : Actors.make(3)) {
            ring.push(warmUp);
            ring.pop();
        }
        for (int i = 0; i < 3; i++) {
            ring.push(actors.get(i));
        }
    }

    @Actor
    public void owner() {
        ring.push(actors.get(3)); // three queued in a ring of four: there is always room
        Schedulable s = ring.pop();
        if (s != null) {
            ownerTook.add(s);
        }
    }

    @Actor
    public void thief() {
        ring.stealHalfInto(thiefRing);
    }

    @Arbiter
    public void check(L_Result r) {
        r.r1 = Actors.verdict(List.of(ownerTook, Actors.drain(thiefRing), Actors.drain(ring)), actors);
    }
}
