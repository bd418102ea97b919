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
import org.openjdk.jcstress.infra.results.ZZ_Result;

/**
 * Two producers send to a tracked actor whose sample is armed: the real {@code ActorMeter.sending}.
 * Exactly one of their messages is the sample, so one message's timing is taken, never two
 * overwriting each other's send time, and never none.
 */
@JCStressTest
@Outcome(id = {"true, false", "false, true"}, expect = Expect.ACCEPTABLE, desc = "one sender took the sample")
@Outcome(id = "true, true", expect = Expect.FORBIDDEN, desc = "two messages hold one sample")
@Outcome(id = "false, false", expect = Expect.FORBIDDEN, desc = "the armed sample was lost")
@State
public class SampleClaimTest {

    private final ActorMeter meter = new ActorMeter(null, new UnboundedMailboxType().create(EnvelopePool.allocating()), 64);
    private final Envelope first = new Envelope(0).fill("first", null);
    private final Envelope second = new Envelope(0).fill("second", null);

    @Actor
    public void firstSender() {
        meter.sending(first);
    }

    @Actor
    public void secondSender() {
        meter.sending(second);
    }

    @Arbiter
    public void turn(ZZ_Result r) {
        r.r1 = meter.startSample(first);
        r.r2 = meter.startSample(second);
    }
}
