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
 * A worker pushes onto its full ring (of 4), which sends the older half and the new actor to the
 * global queue, while a sibling searches (steals half the ring, else polls the global queue).
 * Every actor ends up in exactly one place, each place in push order.
 */
@JCStressTest
@Outcome(id = "OK", expect = Expect.ACCEPTABLE, desc = "each actor in exactly one of the rings, the global queue or the thief's hands")
@Outcome(expect = Expect.FORBIDDEN, desc = "an actor lost, taken twice or out of order in the overflow")
@State
public class OverflowVersusStealTest {

    private final Remote ownerQueue = new Remote(0, 4);
    private final Remote thiefQueue = new Remote(1, 4);
    private final Shared queues = new Shared("jcstress", new Remote[] {ownerQueue, thiefQueue}, event -> { });
    private final Core owner = new Core(ownerQueue, queues);
    private final Search thief = new Search(thiefQueue, queues);
    private final List<Schedulable> actors = Actors.make(5);
    private final List<Schedulable> thiefTook = new ArrayList<>();

    public OverflowVersusStealTest() {
        for (int i = 0; i < 4; i++) {
            ownerQueue.ring.push(actors.get(i));
        }
        // The thief first looked long ago: its first look here finds the ring stale, not the start of a wait.
        thief.ringStaleIn(ownerQueue, System.nanoTime() - 2 * Search.STALE_RING_NANOS);
    }

    @Actor
    public void owner() {
        owner.push(actors.get(4));
    }

    @Actor
    public void thief() {
        Schedulable s = thief.once();
        if (s != null) {
            thiefTook.add(s);
        }
    }

    @Arbiter
    public void check(L_Result r) {
        List<Schedulable> global = new ArrayList<>();
        queues.global.drainInto(global);
        List<Schedulable> ownerRing = new ArrayList<>();
        drain(ownerQueue.ring, ownerRing);
        List<Schedulable> thiefRing = new ArrayList<>();
        drain(thiefQueue.ring, thiefRing);
        r.r1 = Actors.verdict(List.of(thiefTook, thiefRing, global, ownerRing), actors);
    }

    private static void drain(LocalRing ring, List<Schedulable> into) {
        for (Schedulable s = ring.pop(); s != null; s = ring.pop()) {
            into.add(s);
        }
    }
}
