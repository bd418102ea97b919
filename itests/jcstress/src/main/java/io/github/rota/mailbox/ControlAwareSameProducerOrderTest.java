package io.github.rota.mailbox;

import io.github.rota.api.ControlMessage;
import io.github.rota.spi.mailbox.Mailbox;
import io.github.rota.spi.pool.Envelope;
import io.github.rota.spi.pool.EnvelopePool;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.LL_Result;

/**
 * One producer sends a control message and then an ordinary one to a control-aware mailbox while
 * the consumer dequeues twice: the ordinary message must never be handed out before the control
 * message that was sent ahead of it (a control message overtakes ordinary ones, never the reverse).
 */
@JCStressTest
@Outcome(id = {"-, -", "-, control", "control, -", "control, ordinary"}, expect = Expect.ACCEPTABLE,
        desc = "the control message first, or not yet")
@Outcome(expect = Expect.FORBIDDEN, desc = "the ordinary message overtook the control message sent before it")
@State
public class ControlAwareSameProducerOrderTest {

    private static final class Cancel implements ControlMessage {
        @Override
        public String toString() {
            return "control";
        }
    }

    private final Mailbox mailbox = new ControlAwareMailboxType().create(EnvelopePool.allocating());

    @Actor
    public void producer() {
        mailbox.enqueue(new Envelope(0).fill(new Cancel(), null));
        mailbox.enqueue(new Envelope(0).fill("ordinary", null));
    }

    @Actor
    public void consumer(LL_Result r) {
        r.r1 = describe(mailbox.dequeue());
        r.r2 = describe(mailbox.dequeue());
    }

    private static String describe(Envelope envelope) {
        return envelope == null ? "-" : envelope.message().toString();
    }
}
