package io.github.rota.pool;

import io.github.rota.spi.pool.Envelope;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.L_Result;

/**
 * A thread releases a filled envelope into a shard while another takes from it: a taker that gets
 * the envelope sees what was written before the release (envelope published before its sequence).
 */
@JCStressTest
@Outcome(id = "empty", expect = Expect.ACCEPTABLE, desc = "taken before it was there")
@Outcome(id = "payload", expect = Expect.ACCEPTABLE, desc = "taken with its fields")
@Outcome(expect = Expect.FORBIDDEN, desc = "taken but its fields not visible")
@State
public class EnvelopeRingPublicationTest {

    private final EnvelopeRing ring = new EnvelopeRing();

    @Actor
    public void releaser() {
        ring.offer(new Envelope(0).fill("payload", null));
    }

    @Actor
    public void taker(L_Result r) {
        Envelope e = ring.poll();
        r.r1 = e == null ? "empty" : String.valueOf(e.message());
    }
}
