package io.github.rota.runtime;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZ_Result;

/**
 * A worker lets a lingering actor go while a producer sends to it: the real
 * {@code TurnLoop.releaseLingering} (mark the mailbox idle, or take the actor back if the mark fails)
 * against a producer's offer and claim. The producer may see the actor still PROCESSING and leave
 * the message to the worker; then the worker's re-check must find it. Exactly one side ends up owning
 * the actor, or the message is never processed.
 */
@JCStressTest
@Outcome(id = "true, false", expect = Expect.ACCEPTABLE, desc = "the release saw the message and took the actor back")
@Outcome(id = "false, true", expect = Expect.ACCEPTABLE, desc = "the producer found the actor idle and scheduled it")
@Outcome(id = "false, false", expect = Expect.FORBIDDEN, desc = "lost wake-up: nobody will process the message")
@Outcome(id = "true, true", expect = Expect.FORBIDDEN, desc = "the actor is owned twice")
@State
public class LingeringReleaseVersusEnqueueTest {

    private final LoneActor actor = LoneActor.lingering();

    @Actor
    public void workerLetsGo(ZZ_Result r) {
        r.r1 = actor.releaseLingering();
    }

    @Actor
    public void producer(ZZ_Result r) {
        r.r2 = actor.tell("message");
    }
}
