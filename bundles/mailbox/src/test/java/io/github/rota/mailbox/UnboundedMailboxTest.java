package io.github.rota.mailbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.rota.spi.mailbox.IdleMarkingMailbox;
import io.github.rota.spi.mailbox.Mailbox;
import io.github.rota.spi.mailbox.MailboxType;
import io.github.rota.spi.mailbox.RecyclePolicy;
import io.github.rota.spi.pool.Envelope;
import io.github.rota.spi.pool.EnvelopePool;
import io.github.rota.spi.pool.LinkedEnvelopeQueue;
import io.github.rota.testkit.contract.MailboxContract;
import io.github.rota.testkit.contract.RecordingEnvelopePool;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

class UnboundedMailboxTest extends MailboxContract {

    @Override
    protected MailboxType type() {
        return new UnboundedMailboxType();
    }

    private final RecordingEnvelopePool pool = new RecordingEnvelopePool();
    private final Mailbox mailbox = new UnboundedMailboxType().create(pool);

    private static Envelope envelope(Object message, int shard) {
        return new Envelope(shard).fill(message, null);
    }

    @Test
    void typeIsTheDefaultUnboundedWithSentinelRecycling() {
        UnboundedMailboxType type = new UnboundedMailboxType();
        assertThat(type.id()).isEqualTo("unbounded");
        assertThat(type.recyclePolicy()).isEqualTo(RecyclePolicy.SENTINEL);
    }

    @Test
    void releasesThePreviousSentinelOnDequeue() {
        Envelope first = envelope("a", 3);
        Envelope second = envelope("b", 5);
        mailbox.enqueue(first);
        mailbox.enqueue(second);

        assertThat(mailbox.dequeue()).isSameAs(first);
        // The stub was the sentinel; it is released, the envelope handed out is still intact.
        assertThat(pool.released()).hasSize(1).doesNotContain(first);
        assertThat(first.message()).isEqualTo("a");

        assertThat(mailbox.dequeue()).isSameAs(second);
        assertThat(pool.released()).hasSize(2).contains(first).doesNotContain(second);
        assertThat(first.message()).isNull();
        assertThat(Links.next(first)).isNull();
        assertThat(first.homeShard()).isEqualTo(3);
    }

    /**
     * Without a pool, a passed-over sentinel is left to the collector: it must not link to the
     * envelopes after it. A young collection takes every reference from an old object as live
     * whether or not that object is, so one sentinel promoted while linked would keep every later
     * envelope of the mailbox alive through the chain of links, and each young collection would
     * copy all the envelopes sent since the last one (measured: pauses of 100 ms in which nothing
     * was freed, on a pair exchanging messages).
     */
    @Test
    void withoutAPoolAPassedOverSentinelLinksToNothing() {
        Mailbox allocating = new UnboundedMailboxType().create(EnvelopePool.allocating());
        Envelope first = envelope("a", 0);
        Envelope second = envelope("b", 0);
        Envelope third = envelope("c", 0);
        allocating.enqueue(first);
        allocating.enqueue(second);
        allocating.enqueue(third);

        assertThat(allocating.dequeue()).isSameAs(first);
        assertThat(Links.next(first)).as("the sentinel still links to what waits").isSameAs(second);
        assertThat(allocating.dequeue()).isSameAs(second);

        assertThat(Links.next(first)).as("the passed-over sentinel").isNull();
        assertThat(allocating.dequeue()).isSameAs(third);
        assertThat(Links.next(second)).isNull();
    }

    @Test
    void aProducerThatGivesUpOnItsStampLeavesTheDepthExact() {
        UnboundedMailbox stamped = new UnboundedMailbox(pool);
        Envelope a = envelope("a", 0);
        stamped.enqueue(a);
        enqueueUnknownBehind(stamped, a, envelope("b", 0), envelope("c", 0));

        assertThat(stamped.size()).as("counted while the tail is unknown").isEqualTo(3);
        assertThat(stamped.dequeue()).isSameAs(a);
        assertThat(stamped.size()).isEqualTo(2);
    }

    @Test
    void theDepthIsNeverBelowTheSendsThatReturnedWhileAnEarlierProducerIsStillBetweenItsStores() throws Exception {
        UnboundedMailbox stamped = new UnboundedMailbox(pool);
        Envelope a = envelope("a", 0);
        Envelope beforeA = stamped.swapIn(a); // a producer the OS preempted between its swap and its link
        stamped.offer(envelope("b", 0), 0); // two later sends give up waiting for a's stamp, and return
        stamped.offer(envelope("c", 0), 0);

        CompletableFuture<Integer> depth = CompletableFuture.supplyAsync(stamped::size);
        assertThatThrownBy(() -> depth.get(200, TimeUnit.MILLISECONDS))
                .as("b and c are behind a, out of reach until a is linked: no count that leaves them out")
                .isInstanceOf(TimeoutException.class);
        stamped.stampAndLink(beforeA, a, UnboundedMailbox.STAMP_SPINS);
        assertThat(depth.get(10, TimeUnit.SECONDS)).isEqualTo(3);
    }

    @Test
    void aProducerThatNeverLinksIsWaitedForOnlySoLongThenCountedWithWhatIsReached() {
        UnboundedMailbox stamped = new UnboundedMailbox(pool);
        stamped.enqueue(envelope("first", 0));
        stamped.swapIn(envelope("a", 0)); // its thread never links it: the mailbox is stuck there for good
        stamped.offer(envelope("b", 0), 0);

        long start = System.nanoTime();
        assertThat(stamped.size()).as("first, and the envelope at the gap").isEqualTo(2);
        assertThat(System.nanoTime() - start).as("waited for the gap's producer").isGreaterThanOrEqualTo(UnboundedMailbox.GAP_PATIENCE_NANOS);
    }

    @Test
    void theLateProducerRenumbersTheEnvelopesThatGaveUpOnIt() {
        UnboundedMailbox stamped = new UnboundedMailbox(pool);
        Envelope a = envelope("a", 0);
        Envelope beforeA = stamped.swapIn(a);
        Envelope b = envelope("b", 0);
        Envelope c = envelope("c", 0);
        stamped.offer(b, 0);
        stamped.enqueue(c);
        assertThat(Links.stamp(c)).isEqualTo(UnboundedMailbox.UNKNOWN);

        stamped.stampAndLink(beforeA, a, UnboundedMailbox.STAMP_SPINS);
        int aPosition = Links.stamp(a);
        assertThat(Links.stamp(b)).isEqualTo(aPosition + 2);
        assertThat(Links.stamp(c)).isEqualTo(aPosition + 4);
        Envelope d = envelope("d", 0);
        stamped.enqueue(d);
        assertThat(Links.stamp(d)).as("numbered from c").isEqualTo(aPosition + 6);
        assertThat(stamped.size()).isEqualTo(4);
    }

    @Test
    void theConsumerRenumbersEveryLinkedUnknownEnvelopeAtOnce() {
        UnboundedMailbox stamped = new UnboundedMailbox(pool);
        Envelope a = envelope("a", 0);
        stamped.enqueue(a);
        int aPosition = Links.stamp(a);
        Envelope b = envelope("b", 0);
        Envelope c = envelope("c", 0);
        Envelope d = envelope("d", 0);
        enqueueUnknownBehind(stamped, a, b, c, d);
        assertThat(Links.stamp(d)).isEqualTo(UnboundedMailbox.UNKNOWN);

        assertThat(stamped.dequeue()).isSameAs(a);
        assertThat(Links.stamp(d)).as("a's position is known: nothing to do yet").isEqualTo(UnboundedMailbox.UNKNOWN);
        assertThat(stamped.dequeue()).isSameAs(b);
        assertThat(Links.stamp(b)).isEqualTo(aPosition + 2);
        assertThat(Links.stamp(c)).isEqualTo(aPosition + 4);
        assertThat(Links.stamp(d)).as("the tail, behind the backlog").isEqualTo(aPosition + 6);
        Envelope e = envelope("e", 0);
        stamped.enqueue(e);
        assertThat(Links.stamp(e)).as("known again while the backlog remains").isEqualTo(aPosition + 8);
        assertThat(stamped.size()).isEqualTo(3);
        assertThat(stamped.dequeue()).isSameAs(c);
        assertThat(stamped.dequeue()).isSameAs(d);
        assertThat(stamped.dequeue()).isSameAs(e);
        assertThat(stamped.size()).isZero();
    }

    @Test
    void aSentinelRecycledIntoTheSameQueueIsNotTakenForTheOneReadBefore() {
        // A reader of the depth read the sentinel a and its stamp, then paused: a was released,
        // recycled into this queue and is the sentinel again, with the tail two further on.
        UnboundedMailbox stamped = new UnboundedMailbox(pool);
        Envelope a = envelope("a", 0);
        stamped.enqueue(a);
        stamped.dequeue();
        int readBefore = Links.stamp(a);
        stamped.enqueue(envelope("b", 0));
        stamped.dequeue();
        stamped.enqueue(a.fill("a again", null));
        stamped.dequeue();
        stamped.enqueue(envelope("c", 0));

        assertThat(stamped.depthAfter(a, readBefore)).as("refused: the reader tries again").isEqualTo(-1);
        assertThat(stamped.depthAfter(a, Links.stamp(a))).isEqualTo(1);
        assertThat(stamped.size()).isEqualTo(1);
    }

    @Test
    void theDepthIsExactAcrossTheWrapOfTheStamps() {
        UnboundedMailbox stamped = new UnboundedMailbox(pool, Integer.MAX_VALUE - 4);
        for (int i = 0; i < 6; i++) {
            stamped.enqueue(envelope(i, 0));
            assertThat(stamped.size()).isEqualTo(i + 1);
        }
        for (int i = 0; i < 6; i++) {
            assertThat(stamped.dequeue().message()).isEqualTo(i);
            assertThat(stamped.size()).isEqualTo(5 - i);
        }
    }

    @Test
    void theDepthAndTheOrderGoOnAcrossTheIdleMark() {
        UnboundedMailbox stamped = new UnboundedMailbox(pool, Integer.MAX_VALUE - 2); // wraps two positions on
        Envelope a = envelope("a", 0);
        stamped.enqueue(a);
        assertThat(stamped.dequeue()).isSameAs(a);
        assertThat(stamped.tryMarkIdle()).isTrue();
        assertThat(stamped.size()).isZero();

        Envelope b = envelope("b", 0);
        Envelope c = envelope("c", 0);
        assertThat(stamped.offer(b)).isEqualTo(IdleMarkingMailbox.Offer.WAKES);
        assertThat(stamped.offer(c)).isEqualTo(IdleMarkingMailbox.Offer.QUEUED);
        assertThat(stamped.size()).as("numbered from the sentinel the mark stood behind").isEqualTo(2);
        assertThat(pool.released()).as("only the stub so far").hasSize(1).doesNotContain(a);

        assertThat(stamped.dequeue()).isSameAs(b);
        assertThat(pool.released()).as("the sentinel behind the mark is released as any other").contains(a);
        assertThat(stamped.size()).isEqualTo(1);
        assertThat(stamped.dequeue()).isSameAs(c);
        assertThat(stamped.size()).isZero();
        assertThat(stamped.tryMarkIdle()).isTrue();
        assertThat(stamped.tryMarkIdle()).as("marked already").isFalse();
    }

    @Test
    void aPositionIsOdd() {
        assertThatIllegalArgumentException().isThrownBy(() -> new UnboundedMailbox(pool, 2));
    }

    /**
     * Enqueues {@code late} as if {@code last}'s producer had been descheduled between its swap and
     * its stamp, and had missed them when it looked for late envelopes (they were linked just after):
     * the first gives up on {@code last}'s stamp, the others take the unknown from the one before.
     */
    private static void enqueueUnknownBehind(UnboundedMailbox mailbox, Envelope last, Envelope... late) {
        int position = Links.stamp(last);
        Links.setStamp(last, UnboundedMailbox.NOT_YET);
        mailbox.offer(late[0], 0);
        for (int i = 1; i < late.length; i++) {
            mailbox.enqueue(late[i]);
        }
        Links.setStamp(last, position);
    }

    /** What a linked mailbox may read of an envelope's link and stamp: a test reaches them the same way. */
    private static final class Links extends LinkedEnvelopeQueue {
        static Envelope next(Envelope envelope) {
            return lvNext(envelope);
        }

        static int stamp(Envelope envelope) {
            return laStamp(envelope);
        }

        static void setStamp(Envelope envelope, int stamp) {
            soStamp(envelope, stamp);
        }
    }
}
