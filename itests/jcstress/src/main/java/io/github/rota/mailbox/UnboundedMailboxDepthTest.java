package io.github.rota.mailbox;

import io.github.rota.spi.pool.Envelope;
import io.github.rota.spi.pool.EnvelopePool;
import io.github.rota.spi.pool.LinkedEnvelopeQueue;
import io.github.rota.spi.pool.RecyclingEnvelopePool;
import java.util.concurrent.ConcurrentLinkedDeque;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;
import org.openjdk.jcstress.infra.results.III_Result;
import org.openjdk.jcstress.infra.results.LL_Result;

/**
 * The default mailbox's depth comes from the sequence stamps of its envelopes, with no counter:
 * producers number their envelopes from the one their swap returned, give up after a few spins if
 * it is not numbered yet, and the consumer renumbers what they could not. Whatever the
 * interleaving, the depth read while they race is in range, and the depth once they are done is
 * exact. Two actors each (jcstress runs no more on two CPUs), so a producer is also the observer
 * or the consumer.
 */
public final class UnboundedMailboxDepthTest {

    private UnboundedMailboxDepthTest() {
    }

    /** Two producers race to number their envelopes; one reads the depth after its own is in. */
    @JCStressTest
    @Outcome(id = {"1, 2", "2, 2"}, expect = Expect.ACCEPTABLE, desc = "its own counted, exact once both are in")
    @Outcome(expect = Expect.FORBIDDEN, desc = "a depth out of range, or not exact at rest")
    @State
    public static class Producers {
        private final UnboundedMailbox mailbox = new UnboundedMailbox(EnvelopePool.allocating());

        @Actor
        public void producerA(II_Result r) {
            mailbox.enqueue(new Envelope(0).fill("a", null));
            r.r1 = mailbox.size();
        }

        @Actor
        public void producerB() {
            mailbox.enqueue(new Envelope(0).fill("b", null));
        }

        @Arbiter
        public void atRest(II_Result r) {
            r.r2 = mailbox.size();
        }
    }

    /**
     * The same with producers that never wait for the previous stamp, so that the unknown stamps,
     * the count that stands in for them, and their renumbering by the consumer all happen; the
     * second producer is also the consumer, and reads the depth after it dequeued.
     */
    @JCStressTest
    @Outcome(id = {"0, 1", "0, 2", "0, 3", "1, 0", "1, 1", "1, 2"}, expect = Expect.ACCEPTABLE,
            desc = "exact at rest: every envelope dequeued or counted")
    @Outcome(expect = Expect.FORBIDDEN, desc = "a depth out of range, or not exact at rest")
    @State
    public static class ProducersThatGiveUp {
        private final UnboundedMailbox mailbox = new UnboundedMailbox(EnvelopePool.allocating());
        private int dequeued;

        @Actor
        public void producer() {
            mailbox.offer(new Envelope(0).fill("a1", null), 0);
            mailbox.offer(new Envelope(0).fill("a2", null), 0);
        }

        @Actor
        public void producerAndConsumer(II_Result r) {
            mailbox.offer(new Envelope(0).fill("b1", null), 0);
            if (mailbox.dequeue() != null) {
                dequeued++;
            }
            int seen = mailbox.size();
            r.r2 = seen <= 3 - dequeued ? seen : -seen;
        }

        @Arbiter
        public void atRest(II_Result r) {
            r.r1 = dequeued;
            int depth = mailbox.size();
            int left = 0;
            while (mailbox.dequeue() != null) {
                left++;
            }
            if (depth != left || dequeued + left != 3 || mailbox.size() != 0) {
                r.r1 = -1;
            }
        }
    }

    /**
     * The consumer releases envelopes to a pool the producers take theirs from, so an envelope
     * comes back with its old position: the next producer must not number its own from it.
     */
    @JCStressTest
    @Outcome(id = {"2, 0, 0", "2, 1, 0", "2, 2, 0"}, expect = Expect.ACCEPTABLE,
            desc = "both in, exact at rest, however many the consumer took")
    @Outcome(expect = Expect.FORBIDDEN, desc = "a recycled position leaked into the depth")
    @State
    public static class RecycledEnvelopes {
        private final Recycler pool = new Recycler(false);
        private final UnboundedMailbox mailbox = new UnboundedMailbox(pool);

        public RecycledEnvelopes() {
            for (int i = 0; i < 4; i++) {
                mailbox.enqueue(pool.acquire(0).fill("old", null));
            }
            for (int i = 0; i < 4; i++) {
                mailbox.dequeue();
            }
        }

        @Actor
        public void producer() {
            mailbox.enqueue(pool.acquire(0).fill("a", null));
        }

        @Actor
        public void producerAndConsumer(III_Result r) {
            mailbox.enqueue(pool.acquire(0).fill("b", null));
            r.r2 = mailbox.dequeue() != null ? 1 : 0;
            if (mailbox.dequeue() != null) {
                r.r2++;
            }
        }

        @Arbiter
        public void atRest(III_Result r) {
            int depth = mailbox.size();
            r.r1 = depth + r.r2;
            int left = 0;
            while (mailbox.dequeue() != null) {
                left++;
            }
            r.r3 = depth - left;
        }
    }

    /**
     * The tail's stamp is unknown (its producer gave up) when the consumer renumbers it while the
     * next producer reads it to number its own: that one is numbered right or marked unknown, never
     * wrong, and the producer's read of the depth is in range.
     */
    @JCStressTest
    @Outcome(id = {"1, 0", "2, 0", "3, 0"}, expect = Expect.ACCEPTABLE, desc = "in range, exact at rest")
    @Outcome(expect = Expect.FORBIDDEN, desc = "a wrong position, or a depth out of range")
    @State
    public static class RenumberingVersusProducer extends LinkedEnvelopeQueue {
        private final UnboundedMailbox mailbox = new UnboundedMailbox(EnvelopePool.allocating());

        public RenumberingVersusProducer() {
            Envelope first = new Envelope(0).fill("first", null);
            mailbox.enqueue(first);
            // first's producer is descheduled before its stamp: the second gives up.
            int position = loStamp(first);
            soStamp(first, UnboundedMailbox.NOT_YET);
            mailbox.offer(new Envelope(0).fill("second", null), 0);
            soStamp(first, position);
        }

        @Actor
        public void consumer() {
            mailbox.dequeue();
            mailbox.dequeue();
        }

        @Actor
        public void producer(II_Result r) {
            mailbox.enqueue(new Envelope(0).fill("third", null));
            r.r1 = mailbox.size();
        }

        @Arbiter
        public void atRest(II_Result r) {
            int depth = mailbox.size();
            int left = 0;
            while (mailbox.dequeue() != null) {
                left++;
            }
            // One more envelope must be numbered from the sentinel the drain left behind.
            mailbox.enqueue(new Envelope(0).fill("after", null));
            r.r2 = depth == left && left <= 1 && mailbox.size() == 1 ? 0 : -1;
        }
    }

    /**
     * A producer descheduled between its swap and its stamp comes back while the next producer,
     * tired of waiting, links its envelope unknown: the late one numbers it when it finds it linked,
     * or (in the rare interleaving where it looks just before the link) leaves it to the consumer.
     * Never a wrong position, and the depth is exact at rest either way.
     */
    @JCStressTest
    @Outcome(id = "numbered, exact", expect = Expect.ACCEPTABLE, desc = "numbered from the late producer's stamp")
    @Outcome(id = "unknown, exact", expect = Expect.ACCEPTABLE_INTERESTING,
            desc = "the late producer looked before the link: the consumer will number it")
    @Outcome(expect = Expect.FORBIDDEN, desc = "a wrong position, or a wrong depth")
    @State
    public static class LateProducerVersusOneThatGaveUp extends LinkedEnvelopeQueue {
        private final UnboundedMailbox mailbox = new UnboundedMailbox(EnvelopePool.allocating());
        private final Envelope late = new Envelope(0).fill("late", null);
        private final Envelope beforeLate = mailbox.swapIn(late);
        private final Envelope next = new Envelope(0).fill("next", null);

        @Actor
        public void lateProducer() {
            mailbox.stampAndLink(beforeLate, late, UnboundedMailbox.STAMP_SPINS);
        }

        @Actor
        public void impatientProducer() {
            mailbox.offer(next, 0);
        }

        @Arbiter
        public void atRest(LL_Result r) {
            int stamp = laStamp(next);
            r.r1 = stamp == laStamp(late) + 2 ? "numbered" : stamp == UnboundedMailbox.UNKNOWN ? "unknown" : "wrong " + stamp;
            int depth = mailbox.size();
            int left = 0;
            while (mailbox.dequeue() != null) {
                left++;
            }
            r.r2 = depth == 2 && left == 2 ? "exact" : "depth " + depth + ", " + left + " dequeued";
        }
    }

    /**
     * One actor's request and reply pass envelopes round through a last-in-first-out cache, so the
     * sentinel a reader of the depth saw comes back as the sentinel within a few messages: the
     * reader must notice, not mix its stamp with a later tail's.
     */
    @JCStressTest
    @Outcome(id = {"1, 1", "2, 1"}, expect = Expect.ACCEPTABLE, desc = "one or two in, whenever it was read")
    @Outcome(expect = Expect.FORBIDDEN, desc = "a depth that never was")
    @State
    public static class VolleyVersusDepthReader {
        private final Recycler pool = new Recycler(true);
        private final UnboundedMailbox mailbox = new UnboundedMailbox(pool);

        public VolleyVersusDepthReader() {
            mailbox.enqueue(pool.acquire(0).fill("first", null));
        }

        @Actor
        public void volley() {
            for (int i = 0; i < 4; i++) {
                mailbox.enqueue(pool.acquire(0).fill(i, null));
                mailbox.dequeue();
            }
        }

        @Actor
        public void reader(II_Result r) {
            r.r1 = mailbox.size();
        }

        @Arbiter
        public void atRest(II_Result r) {
            r.r2 = mailbox.size();
        }
    }

    /**
     * Released envelopes come straight back: the newest first, as from a worker's envelope cache,
     * or in the order they were released.
     */
    static final class Recycler extends RecyclingEnvelopePool {
        private final ConcurrentLinkedDeque<Envelope> released = new ConcurrentLinkedDeque<>();
        private final boolean newestFirst;

        Recycler(boolean newestFirst) {
            this.newestFirst = newestFirst;
        }

        @Override
        public int assignHomeShard() {
            return 0;
        }

        @Override
        public Envelope acquire(int shard) {
            Envelope envelope = released.pollFirst();
            return envelope != null ? envelope : new Envelope(0);
        }

        @Override
        public void release(Envelope envelope) {
            resetForReuse(envelope, false);
            if (newestFirst) {
                released.offerFirst(envelope);
            } else {
                released.offerLast(envelope);
            }
        }
    }
}
