package io.github.rota.mailbox;

import io.github.rota.spi.mailbox.IdleMarkingMailbox;
import io.github.rota.spi.mailbox.Mailbox;
import io.github.rota.spi.pool.Envelope;
import io.github.rota.spi.pool.EnvelopePool;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZI_Result;

/**
 * The default mailbox's idle mark: the consumer marks the empty mailbox with one compare-and-set
 * on the word producers swap, and the one producer whose swap finds the mark learns that it wakes
 * the actor. A mark must never stand on a message (it would sleep with work queued), and a mark
 * must be cleared by exactly one offer (none: the actor never runs again; two: it is scheduled
 * twice). Whatever the interleaving, the message is queued once, numbered, and handed out.
 */
public final class UnboundedMailboxIdleMarkTest {

    private UnboundedMailboxIdleMarkTest() {
    }

    /** The depth and the message handed out once the race is over: 11 is one message, handed out. */
    private static int depthThenDequeued(UnboundedMailbox mailbox, Envelope... expected) {
        int depth = mailbox.size();
        for (Envelope e : expected) {
            if (mailbox.dequeue() != e) {
                return -1;
            }
        }
        return depth * 10 + (mailbox.dequeue() == null && !mailbox.hasMessages() ? 1 : 0);
    }

    /** The consumer marks the empty mailbox while a producer offers a message. */
    @JCStressTest
    @Outcome(id = "true, true, 11", expect = Expect.ACCEPTABLE, desc = "marked, then the offer cleared the mark and wakes the actor")
    @Outcome(id = "false, false, 11", expect = Expect.ACCEPTABLE, desc = "the offer came first: the mark failed, the consumer goes on")
    @Outcome(expect = Expect.FORBIDDEN, desc = "marked with nobody to wake the actor (the message stranded), an offer"
            + " waking an actor that never went idle, or the message lost, doubled or miscounted")
    @State
    public static class MarkVersusOffer {
        private final UnboundedMailbox mailbox = new UnboundedMailbox(EnvelopePool.allocating());
        private final Envelope message = new Envelope(0).fill("m", null);

        @Actor
        public void consumerLetsGo(ZZI_Result r) {
            r.r1 = mailbox.tryMarkIdle();
        }

        @Actor
        public void producer(ZZI_Result r) {
            r.r2 = mailbox.offer(message) == IdleMarkingMailbox.Offer.WAKES;
        }

        @Arbiter
        public void atRest(ZZI_Result r) {
            r.r3 = depthThenDequeued(mailbox, message);
        }
    }

    /**
     * The same once the consumer has moved on from the stub: it takes a message, then marks, while a
     * producer offers. A waking producer must link and number its envelope behind the sentinel the
     * mark stood on, the envelope just handed out, not behind an earlier one.
     */
    @JCStressTest
    @Outcome(id = "true, true, 11", expect = Expect.ACCEPTABLE, desc = "marked, then the offer cleared the mark and wakes the actor")
    @Outcome(id = "false, false, 11", expect = Expect.ACCEPTABLE, desc = "the offer came first: the mark failed, the consumer goes on")
    @Outcome(expect = Expect.FORBIDDEN, desc = "a stranded message, a needless wake-up, or the message lost, doubled or miscounted")
    @State
    public static class MarkAfterADequeueVersusOffer {
        private final UnboundedMailbox mailbox = new UnboundedMailbox(EnvelopePool.allocating());
        private final Envelope first = new Envelope(0).fill("first", null);
        private final Envelope second = new Envelope(0).fill("second", null);

        public MarkAfterADequeueVersusOffer() {
            mailbox.offer(first);
        }

        @Actor
        public void consumerTakesOneAndLetsGo(ZZI_Result r) {
            r.r1 = mailbox.dequeue() == first && mailbox.tryMarkIdle();
        }

        @Actor
        public void producer(ZZI_Result r) {
            r.r2 = mailbox.offer(second) == IdleMarkingMailbox.Offer.WAKES;
        }

        @Arbiter
        public void atRest(ZZI_Result r) {
            r.r3 = depthThenDequeued(mailbox, second);
        }
    }

    /** Two producers offer to a marked mailbox: exactly one wakes the actor, and both messages are queued. */
    @JCStressTest
    @Outcome(id = {"true, false, 21", "false, true, 21"}, expect = Expect.ACCEPTABLE, desc = "one woke the actor, both messages queued")
    @Outcome(expect = Expect.FORBIDDEN, desc = "both or neither woke it, or a message lost")
    @State
    public static class TwoOffersAfterTheMark {
        private final UnboundedMailbox mailbox = new UnboundedMailbox(EnvelopePool.allocating());
        private final Envelope a = new Envelope(0).fill("a", null);
        private final Envelope b = new Envelope(0).fill("b", null);

        public TwoOffersAfterTheMark() {
            if (!mailbox.tryMarkIdle()) {
                throw new IllegalStateException("an empty mailbox refused the mark");
            }
        }

        @Actor
        public void producerA(ZZI_Result r) {
            r.r1 = mailbox.offer(a) == IdleMarkingMailbox.Offer.WAKES;
        }

        @Actor
        public void producerB(ZZI_Result r) {
            r.r2 = mailbox.offer(b) == IdleMarkingMailbox.Offer.WAKES;
        }

        @Arbiter
        public void atRest(ZZI_Result r) {
            int depth = mailbox.size();
            Envelope first = mailbox.dequeue();
            Envelope second = mailbox.dequeue();
            boolean both = (first == a && second == b) || (first == b && second == a);
            r.r3 = both && mailbox.dequeue() == null ? depth * 10 + 1 : -1;
        }
    }
}
