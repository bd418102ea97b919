package io.github.rota.dispatcher.workstealing;

import io.github.rota.spi.dispatch.Schedulable;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IZ_Result;

/**
 * A worker pushes a second runnable actor onto its own ring (its next slot holds the first) and
 * looks for a parked sibling to wake, while that sibling registers as sleeping and re-scans the
 * rings: the store-buffering shape. Result: (the sibling's decision: 0 stay awake, 1 park for a
 * while, 2 park until woken; the sibling still marked sleeping at the end). Parking until woken,
 * unclaimed, means the pushed actor waits until its own worker gets to it, however long that
 * worker's turns take, with a sibling asleep. A sibling whose re-scan sees the actor parks only for
 * a while (the ring's owner may be draining it) and then looks again.
 */
@JCStressTest
@Outcome(id = "1, true", expect = Expect.ACCEPTABLE, desc = "the re-scan saw the pushed actor: the sibling parks for a while, then looks again")
@Outcome(id = "1, false", expect = Expect.ACCEPTABLE, desc = "the re-scan saw the pushed actor, and the pusher claimed the sibling")
@Outcome(id = "2, false", expect = Expect.ACCEPTABLE, desc = "the sibling blocks, but the pusher claimed it and unparked it")
@Outcome(id = "2, true", expect = Expect.FORBIDDEN, desc = "lost wake-up: a sibling sleeps, unclaimed, beside a full ring")
@Outcome(expect = Expect.FORBIDDEN, desc = "awake but still counted as sleeping, or awake with only a sibling's ring to take from")
@State
public class LocalPushVersusParkTest {

    private final Remote pusherQueue = new Remote(0, LocalRing.DEFAULT_CAPACITY);
    private final Remote siblingQueue = new Remote(1, LocalRing.DEFAULT_CAPACITY);
    private final Shared queues = new Shared("jcstress", new Remote[] {pusherQueue, siblingQueue}, event -> { });
    private final Core pusher = new Core(pusherQueue, queues);
    private final Core sibling = new Core(siblingQueue, queues);
    private final Schedulable pushed = turn -> false;

    public LocalPushVersusParkTest() {
        siblingQueue.bind(new Thread()); // never started: an unpark aimed at it is harmless
        pusher.scheduleFromHere(turn -> false); // the next slot: the push below makes a second runnable actor
    }

    @Actor
    public void pusher() {
        pusher.push(pushed);
    }

    @Actor
    public void sibling(IZ_Result r) {
        long nanos = sibling.prepareToPark();
        r.r1 = nanos == 0 ? 0 : nanos == Core.UNTIL_WOKEN ? 2 : 1;
    }

    @Arbiter
    public void end(IZ_Result r) {
        r.r2 = siblingQueue.isSleeping();
    }
}
