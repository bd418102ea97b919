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
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * A producer takes the sample and offers its message to the real mailbox while the turn dequeues:
 * a turn that finds the message finds it is the sample (the sample's store is ordered before the
 * mailbox publishes the envelope), so no timed message goes untimed and stays claimed forever.
 * r1: 1 if the turn found the message; r2: 1 if it was the sample.
 */
@JCStressTest
@Outcome(id = "0, 0", expect = Expect.ACCEPTABLE, desc = "the turn looked before the message was in")
@Outcome(id = "1, 1", expect = Expect.ACCEPTABLE, desc = "the turn found the message, and it was the sample")
@Outcome(id = "1, 0", expect = Expect.FORBIDDEN, desc = "the sample's message arrived without its claim")
@State
public class SamplePublicationTest {

    private final Mailbox mailbox = new UnboundedMailboxType().create(EnvelopePool.allocating());
    private final ActorMeter meter = new ActorMeter(null, mailbox, 64);

    @Actor
    public void sender() {
        Envelope envelope = new Envelope(0).fill("sampled", null);
        meter.sending(envelope);
        mailbox.enqueue(envelope);
    }

    @Actor
    public void turn(II_Result r) {
        Envelope envelope = mailbox.dequeue();
        if (envelope != null) {
            r.r1 = 1;
            r.r2 = meter.startSample(envelope) ? 1 : 0;
        }
    }
}
