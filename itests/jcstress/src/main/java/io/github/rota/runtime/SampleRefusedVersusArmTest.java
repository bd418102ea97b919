package io.github.rota.runtime;

import io.github.rota.mailbox.UnboundedMailboxType;
import io.github.rota.spi.pool.Envelope;
import io.github.rota.spi.pool.EnvelopePool;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.Z_Result;

/**
 * The turn arms the next sample (its interval is one message) while a producer's message, the
 * sample if it found it armed, is refused by a full mailbox and its envelope goes back: the real
 * {@code ActorMeter.messageHandled} against {@code sending} then {@code refused}. Whatever the order,
 * the sample stays armed for the next send: a refused message never ends the sampling.
 */
@JCStressTest
@Outcome(id = "true", expect = Expect.ACCEPTABLE, desc = "the next send is timed")
@Outcome(id = "false", expect = Expect.FORBIDDEN, desc = "sampling stopped for good")
@State
public class SampleRefusedVersusArmTest {

    private final ActorMeter meter = new ActorMeter(null, new UnboundedMailboxType().create(EnvelopePool.allocating()), 1);
    private final Envelope refused = new Envelope(0).fill("refused", null);

    public SampleRefusedVersusArmTest() {
        // One sample taken and handled: the sample waits to be armed by the next handled message.
        Envelope taken = new Envelope(0).fill("taken", null);
        meter.sending(taken);
        if (!meter.startSample(taken)) {
            throw new IllegalStateException("the first send was not the sample");
        }
        meter.sampleHandled();
    }

    @Actor
    public void turn() {
        meter.messageHandled();
    }

    @Actor
    public void refusedSender() {
        meter.sending(refused);
        meter.refused(refused);
    }

    @Arbiter
    public void nextSend(Z_Result r) {
        Envelope next = new Envelope(0).fill("next", null);
        meter.sending(next);
        r.r1 = meter.startSample(next);
    }
}
