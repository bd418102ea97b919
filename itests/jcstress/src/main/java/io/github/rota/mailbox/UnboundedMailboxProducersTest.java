package io.github.rota.mailbox;

import io.github.rota.spi.mailbox.Mailbox;
import io.github.rota.spi.pool.Envelope;
import io.github.rota.spi.pool.EnvelopePool;
import java.util.ArrayList;
import java.util.List;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.L_Result;

/**
 * Two producers enqueue concurrently into the intrusive MPSC mailbox; then one consumer drains it:
 * it sees every message, once, in each producer's order, and the mailbox is empty after.
 */
@JCStressTest
@Outcome(id = {"a1 a2 b1", "a1 b1 a2", "b1 a1 a2"}, expect = Expect.ACCEPTABLE, desc = "all, in per-producer order")
@Outcome(expect = Expect.FORBIDDEN, desc = "lost, duplicated or reordered within a producer")
@State
public class UnboundedMailboxProducersTest {

    private final Mailbox mailbox = new UnboundedMailboxType().create(EnvelopePool.allocating());

    @Actor
    public void producerA() {
        mailbox.enqueue(new Envelope(0).fill("a1", null));
        mailbox.enqueue(new Envelope(0).fill("a2", null));
    }

    @Actor
    public void producerB() {
        mailbox.enqueue(new Envelope(0).fill("b1", null));
    }

    @Arbiter
    public void consumer(L_Result r) {
        List<Object> seen = new ArrayList<>();
        for (Envelope e = mailbox.dequeue(); e != null; e = mailbox.dequeue()) {
            seen.add(e.message());
        }
        if (mailbox.hasMessages() || mailbox.size() != 0) {
            seen.add("not-empty-after");
        }
        r.r1 = String.join(" ", seen.stream().map(String::valueOf).toList());
    }
}
