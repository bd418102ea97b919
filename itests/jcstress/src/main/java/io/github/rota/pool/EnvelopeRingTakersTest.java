package io.github.rota.pool;

import io.github.rota.spi.pool.Envelope;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZ_Result;

/** Two threads take from a shard holding one envelope: it is handed to at most one of them. */
@JCStressTest
@Outcome(id = {"true, false", "false, true"}, expect = Expect.ACCEPTABLE, desc = "one taker got it")
@Outcome(id = "false, false", expect = Expect.ACCEPTABLE_INTERESTING, desc = "both gave up after lost races (they allocate instead)")
@Outcome(id = "true, true", expect = Expect.FORBIDDEN, desc = "one envelope in two hands")
@State
public class EnvelopeRingTakersTest {

    private final EnvelopeRing ring = new EnvelopeRing();

    public EnvelopeRingTakersTest() {
        ring.offer(new Envelope(0));
    }

    @Actor
    public void taker1(ZZ_Result r) {
        r.r1 = ring.poll() != null;
    }

    @Actor
    public void taker2(ZZ_Result r) {
        r.r2 = ring.poll() != null;
    }
}
