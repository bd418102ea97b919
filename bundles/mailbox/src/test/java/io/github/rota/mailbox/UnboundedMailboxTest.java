package io.github.rota.mailbox;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.rota.spi.mailbox.Mailbox;
import io.github.rota.spi.mailbox.RecyclePolicy;
import io.github.rota.spi.pool.Envelope;
import io.github.rota.spi.pool.LinkedEnvelopeQueue;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class UnboundedMailboxTest {

    private final RecordingPool pool = new RecordingPool();
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
    void emptyMailboxHasNothing() {
        assertThat(mailbox.hasMessages()).isFalse();
        assertThat(mailbox.size()).isZero();
        assertThat(mailbox.dequeue()).isNull();
    }

    @Test
    void deliversInFifoOrder() {
        for (int i = 0; i < 5; i++) {
            assertThat(mailbox.enqueue(envelope(i, 0))).isTrue();
        }
        for (int i = 0; i < 5; i++) {
            assertThat(mailbox.dequeue().message()).isEqualTo(i);
        }
        assertThat(mailbox.dequeue()).isNull();
        assertThat(mailbox.hasMessages()).isFalse();
    }

    @Test
    void sizeCountsAcceptedMinusDequeued() {
        for (int i = 0; i < 10; i++) {
            mailbox.enqueue(envelope(i, 0));
        }
        assertThat(mailbox.size()).isEqualTo(10);
        mailbox.dequeue();
        mailbox.dequeue();
        assertThat(mailbox.size()).isEqualTo(8);
    }

    @Test
    void releasesThePreviousSentinelOnDequeue() {
        Envelope first = envelope("a", 3);
        Envelope second = envelope("b", 5);
        mailbox.enqueue(first);
        mailbox.enqueue(second);

        assertThat(mailbox.dequeue()).isSameAs(first);
        // The stub was the sentinel; it is released, the envelope handed out is still intact.
        assertThat(pool.released).hasSize(1).doesNotContain(first);
        assertThat(first.message()).isEqualTo("a");

        assertThat(mailbox.dequeue()).isSameAs(second);
        assertThat(pool.released).hasSize(2).contains(first).doesNotContain(second);
        assertThat(first.message()).isNull();
        assertThat(Links.next(first)).isNull();
        assertThat(first.homeShard()).isEqualTo(3);
    }

    @Test
    void hasMessagesAsSoonAsEnqueueReturns() throws InterruptedException {
        for (int round = 0; round < 1_000; round++) {
            CountDownLatch enqueued = new CountDownLatch(1);
            Envelope e = envelope(round, 0);
            Thread producer = new Thread(() -> {
                mailbox.enqueue(e);
                enqueued.countDown();
            });
            producer.start();
            assertThat(enqueued.await(10, TimeUnit.SECONDS)).isTrue();
            assertThat(mailbox.hasMessages()).isTrue();
            producer.join();
            assertThat(mailbox.dequeue()).isSameAs(e);
            assertThat(mailbox.hasMessages()).isFalse();
        }
    }

    @Test
    void concurrentProducersDeliverEveryEnvelopeOnceInPerProducerOrder() throws InterruptedException {
        int producers = 4;
        int perProducer = 100_000;
        List<Thread> threads = new ArrayList<>();
        for (int p = 0; p < producers; p++) {
            int id = p;
            threads.add(new Thread(() -> {
                for (int i = 0; i < perProducer; i++) {
                    mailbox.enqueue(envelope(new long[] {id, i}, 0));
                }
            }));
        }
        threads.forEach(Thread::start);

        int[] next = new int[producers];
        int received = 0;
        while (received < producers * perProducer) {
            Envelope e = mailbox.dequeue();
            if (e == null) {
                Thread.yield(); // a producer may be preempted between its swap and its link
                continue;
            }
            long[] m = (long[]) e.message();
            if (m[1] != next[(int) m[0]]) {
                throw new AssertionError("producer " + m[0] + " sent " + m[1] + " but " + next[(int) m[0]] + " was due");
            }
            next[(int) m[0]]++;
            received++;
        }
        for (Thread t : threads) {
            t.join();
        }
        assertThat(next).containsOnly(perProducer);
        assertThat(mailbox.dequeue()).isNull();
        assertThat(mailbox.hasMessages()).isFalse();
        assertThat(mailbox.size()).isZero();
    }

    /** What a linked mailbox may read of an envelope's link: a test reaches it the same way. */
    private static final class Links extends LinkedEnvelopeQueue {
        static Envelope next(Envelope envelope) {
            return lvNext(envelope);
        }
    }
}
