package io.github.rota.runtime;

import io.github.rota.mailbox.UnboundedMailboxType;
import io.github.rota.spi.mailbox.Mailbox;
import io.github.rota.spi.pool.Envelope;
import io.github.rota.spi.pool.EnvelopePool;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZ_Result;

/**
 * A turn that found the mailbox empty goes idle while a producer enqueues: the protocol of
 * {@code TurnLoop.finishOrReclaim} (volatile store of IDLE, then re-read the mailbox and try to
 * take the actor back) against {@code TurnLoop.tell} (enqueue, then try to schedule). Exactly one
 * side must end up owning the actor, or the message is never processed.
 */
@JCStressTest
@Outcome(id = "true, false", expect = Expect.ACCEPTABLE, desc = "the ending turn saw the message and took the actor back")
@Outcome(id = "false, true", expect = Expect.ACCEPTABLE, desc = "the producer found the actor idle and scheduled it")
@Outcome(id = "false, false", expect = Expect.FORBIDDEN, desc = "lost wake-up: nobody will process the message")
@Outcome(id = "true, true", expect = Expect.FORBIDDEN, desc = "the actor is owned twice")
@State
public class FinishOrReclaimVersusEnqueueTest {

    private final ScheduleState state = new StateWord();
    private final Mailbox mailbox = new UnboundedMailboxType().create(EnvelopePool.allocating());

    public FinishOrReclaimVersusEnqueueTest() {
        state.trySchedule();
        state.takeForProcessing(); // a turn is running and has just found the mailbox empty
    }

    @Actor
    public void turnEnds(ZZ_Result r) {
        state.setIdle();
        r.r1 = mailbox.hasMessages() && state.trySchedule();
    }

    @Actor
    public void producer(ZZ_Result r) {
        mailbox.enqueue(new Envelope(0).fill("message", null));
        r.r2 = state.trySchedule();
    }
}
