package io.github.rota.runtime;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IZI_Result;

/**
 * A turn that finds the mailbox empty lets its actor go while a producer sends to it: the real
 * {@code TurnLoop.runTurn} (which goes idle by marking the default mailbox, and takes the actor back
 * if the mark fails) against the real {@code TurnLoop.deliver} (offer, then claim the actor if the
 * offer cleared the mark, or the state word says idle). Exactly one side ends up with the message:
 * the turn handles it, or the producer claims the actor to schedule it.
 */
@JCStressTest
@Outcome(id = "1, false, 4", expect = Expect.ACCEPTABLE, desc = "the turn handled the message, then went idle in its mailbox")
@Outcome(id = "0, true, 1", expect = Expect.ACCEPTABLE, desc = "the turn went idle first; the producer woke the actor")
@Outcome(id = "-1, false, 1", expect = Expect.ACCEPTABLE, desc = "the producer was between its swap and its link: the turn waited, then yielded, keeping the actor SCHEDULED for its next turn")
@Outcome(expect = Expect.FORBIDDEN, desc = "lost wake-up (nobody has the message), or the actor owned twice")
@State
public class FinishOrReclaimVersusEnqueueTest {

    private final LoneActor actor = LoneActor.scheduled();

    @Actor
    public void turn(IZI_Result r) {
        r.r1 = actor.runIdlingTurn();
    }

    @Actor
    public void producer(IZI_Result r) {
        r.r2 = actor.tell("message");
    }

    @Arbiter
    public void atRest(IZI_Result r) {
        r.r3 = actor.scheduleState();
    }
}
