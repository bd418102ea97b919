package io.github.rota.runtime;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IZI_Result;

/**
 * A turn that finds nothing lets its actor go by marking its mailbox idle while a system message
 * arrives, which has no envelope of its own to clear the mark with: the real {@code TurnLoop.runTurn}
 * (mark, then re-read the system queue and wake itself through the mailbox) against the real
 * {@code TurnLoop.wakeForSystemMessage} after a push (through the mailbox if the mark stands, else
 * the state word). The system message is handled once or the actor is claimed to handle it, never
 * neither; a claim after the turn has taken it costs one empty turn.
 */
@JCStressTest
@Outcome(id = "1, false, 4", expect = Expect.ACCEPTABLE, desc = "the turn handled it (before its mark, or after waking itself), then went idle")
@Outcome(id = "0, true, 1", expect = Expect.ACCEPTABLE, desc = "the turn went idle first; the producer woke the actor through its mailbox")
@Outcome(id = "1, true, 1", expect = Expect.ACCEPTABLE_INTERESTING, desc = "the turn took it before the producer"
        + " looked and went idle; the producer then woke the actor for nothing: one empty turn, as with the state word")
@Outcome(id = "-1, false, 1", expect = Expect.ACCEPTABLE, desc = "the turn woke itself, and the producer's wake-up was between its swap and its link: the turn yielded, keeping the actor SCHEDULED")
@Outcome(expect = Expect.FORBIDDEN, desc = "lost wake-up (nobody has the system message), or the actor owned twice")
@State
public class FinishVersusSystemMessageTest {

    private final LoneActor actor = LoneActor.scheduled();

    @Actor
    public void turn(IZI_Result r) {
        r.r1 = actor.runIdlingTurn();
    }

    @Actor
    public void producer(IZI_Result r) {
        r.r2 = actor.sendSystemMessage();
    }

    @Arbiter
    public void atRest(IZI_Result r) {
        r.r3 = actor.scheduleState();
    }
}
