package io.github.rota.runtime;

import io.github.rota.mailbox.ControlAwareMailboxType;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IZI_Result;

/**
 * {@link FinishOrReclaimVersusEnqueueTest} for an actor whose mailbox keeps no idle mark (here the
 * control-aware one; so also an actor whose user messages are withheld): the turn goes idle on the
 * state word (a volatile store of IDLE, then a re-read of the mailboxes, and a CAS to take the actor
 * back) while a producer offers, then CASes IDLE → SCHEDULED. The message is handled once, or the
 * actor is claimed to handle it; never neither, and never by two owners at once.
 */
@JCStressTest
@Outcome(id = "1, false, 0", expect = Expect.ACCEPTABLE, desc = "the turn handled the message (before going idle, or after taking the actor back), then went idle")
@Outcome(id = "0, true, 1", expect = Expect.ACCEPTABLE, desc = "the turn went idle first; the producer scheduled the actor")
@Outcome(id = "-1, false, 1", expect = Expect.ACCEPTABLE, desc = "the producer was between its two stores: the turn waited, then yielded, keeping the actor SCHEDULED")
@Outcome(id = "1, true, 1", expect = Expect.ACCEPTABLE_INTERESTING, desc = "the turn took the message once its producer had linked it,"
        + " and went idle before the producer's claim, which then schedules the actor for nothing: one empty turn (the mark has none)")
@Outcome(expect = Expect.FORBIDDEN, desc = "lost wake-up (nobody has the message), or the actor owned twice")
@State
public class FinishOnTheStateWordVersusEnqueueTest {

    private final LoneActor actor = LoneActor.scheduled(new ControlAwareMailboxType());

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
