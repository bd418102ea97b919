package io.github.rota.pool;

import io.github.rota.spi.pool.Envelope;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * A worker's cache spills two filled envelopes into a shard that holds one, while another refills a
 * batch of up to three from it and a third thread takes one alone: every envelope reaches at most one
 * taker, a taker sees its envelope's fields, and none is lost (the arbiter takes what is left).
 * Results: envelopes the batch taker got, the single taker got (1 or 0), and the arbiter found; an
 * envelope whose fields a taker could not see counts 100. (The spiller is the only producer, so its
 * claim cannot lose a race; the takers may give up after lost races, and the arbiter finds the rest.)
 */
@JCStressTest
@Outcome(id = {"0, 1, 2", "1, 1, 1", "2, 1, 0", "0, 0, 3", "1, 0, 2", "2, 0, 1", "3, 0, 0"}, expect = Expect.ACCEPTABLE,
        desc = "three envelopes, each in exactly one place")
@Outcome(expect = Expect.FORBIDDEN, desc = "an envelope twice, or taken without its fields")
@State
public class EnvelopeRingBatchTest {

    private final EnvelopeRing ring = new EnvelopeRing();
    private final Envelope[] spill = {new Envelope(0), new Envelope(0)};
    private final Envelope[] refill = new Envelope[3];

    public EnvelopeRingBatchTest() {
        ring.offer(new Envelope(0).fill("first", null));
    }

    @Actor
    public void spiller() {
        spill[0].fill("a", null); // filled on this thread: the batch's publication must carry it
        spill[1].fill("b", null);
        ring.offerBatch(spill, 0, 2);
    }

    @Actor
    public void batchTaker(III_Result r) {
        int taken = ring.pollBatch(refill, 0, 3);
        r.r1 = taken + 100 * unseen(refill, taken);
    }

    @Actor
    public void singleTaker(III_Result r) {
        Envelope e = ring.poll();
        r.r2 = e == null ? 0 : e.message() == null ? 100 : 1;
    }

    @Arbiter
    public void leftOver(III_Result r) {
        int left = 0;
        while (ring.poll() != null) {
            left++;
        }
        r.r3 = left;
    }

    private static int unseen(Envelope[] envelopes, int n) {
        int unseen = 0;
        for (int i = 0; i < n; i++) {
            if (envelopes[i].message() == null) {
                unseen++;
            }
        }
        return unseen;
    }
}
