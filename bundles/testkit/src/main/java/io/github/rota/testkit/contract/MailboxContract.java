package io.github.rota.testkit.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.rota.spi.mailbox.IdleMarkingMailbox;
import io.github.rota.spi.mailbox.Mailbox;
import io.github.rota.spi.mailbox.MailboxType;
import io.github.rota.spi.mailbox.RecyclePolicy;
import io.github.rota.spi.pool.Envelope;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * What every mailbox promises the runtime through the SPI, as tests that a mailbox type's own test
 * class inherits (as JCTools' {@code QueueSanityTest} does for its queues): one consumer, any number
 * of producers, every accepted message handed out exactly once, a message visible as soon as its
 * enqueue returns, an O(1) size that is exact when quiet, and envelopes released to the pool only
 * once the mailbox can no longer hand them out; and, for a mailbox that keeps an idle mark, that
 * the mark stands only on an empty mailbox and exactly one offer clears it. A third-party mailbox can
 * run them too: extend this class and return the type under test.
 */
public abstract class MailboxContract {

    /** Messages each of the concurrent producers sends. */
    private static final int PER_PRODUCER = 100_000;
    private static final int PRODUCERS = 4;

    private final RecordingEnvelopePool pool = new RecordingEnvelopePool();
    private Mailbox mailbox;

    /**
     * {@return the mailbox type under test, configured as these tests need it: with an ordering if
     * it needs one, and room for at least 16 messages if it is bounded}
     */
    protected abstract MailboxType type();

    /**
     * {@return whether messages from one producer, all with the same sender and equal in any
     * priority, come out in the order they went in; a priority mailbox that does not keep arrival
     * order among equals says {@code false}}
     */
    protected boolean keepsProducerOrder() {
        return true;
    }

    private Mailbox mailbox() {
        if (mailbox == null) {
            mailbox = type().create(pool);
        }
        return mailbox;
    }

    private static Envelope envelope(Object message) {
        return new Envelope(0).fill(message, null);
    }

    @Test
    void anEmptyMailboxHasNothingToHandOut() {
        assertThat(mailbox().hasMessages()).isFalse();
        assertThat(mailbox().size()).isZero();
        assertThat(mailbox().dequeue()).isNull();
    }

    @Test
    void whatOneProducerSendsComesOutOnceEachAndTheSizeCountsWhatIsLeft() {
        List<String> sent = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            String message = "m" + i; // one length: equal under an ordering by length
            assertThat(mailbox().enqueue(envelope(message))).as("accepted").isTrue();
            sent.add(message);
        }
        assertThat(mailbox().size()).isEqualTo(10);
        List<Object> received = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            received.add(mailbox().dequeue().message());
        }
        assertThat(mailbox().size()).isEqualTo(6);
        for (Envelope e = mailbox().dequeue(); e != null; e = mailbox().dequeue()) {
            received.add(e.message());
        }
        if (keepsProducerOrder()) {
            assertThat(received).containsExactlyElementsOf(sent);
        } else {
            assertThat(received).containsExactlyInAnyOrderElementsOf(sent);
        }
        assertThat(mailbox().hasMessages()).isFalse();
        assertThat(mailbox().size()).isZero();
    }

    @Test
    void aMessageIsThereAsSoonAsItsEnqueueReturnsOnAnotherThread() throws InterruptedException {
        for (int round = 0; round < 1_000; round++) {
            CountDownLatch enqueued = new CountDownLatch(1);
            Envelope e = envelope("r" + round % 10);
            Thread producer = new Thread(() -> {
                mailbox().enqueue(e);
                enqueued.countDown();
            });
            producer.start();
            assertThat(enqueued.await(10, TimeUnit.SECONDS)).isTrue();
            assertThat(mailbox().hasMessages()).isTrue();
            producer.join();
            assertThat(mailbox().dequeue()).isSameAs(e);
            assertThat(mailbox().hasMessages()).isFalse();
        }
    }

    @Test
    void concurrentProducersDeliverEveryMessageOnceEachInItsProducersOrder() throws InterruptedException {
        Mailbox box = mailbox();
        List<Thread> threads = new ArrayList<>();
        for (int p = 0; p < PRODUCERS; p++) {
            int producer = p;
            threads.add(new Thread(() -> {
                for (int i = 0; i < PER_PRODUCER; i++) {
                    Envelope e = envelope(new int[] {producer, i});
                    while (!box.enqueue(e)) { // bounded and full: a refused enqueue changed nothing
                        Thread.onSpinWait();
                    }
                }
            }));
        }
        threads.forEach(Thread::start);
        int[] next = new int[PRODUCERS];
        boolean[][] seen = new boolean[PRODUCERS][PER_PRODUCER];
        int received = 0;
        while (received < PRODUCERS * PER_PRODUCER) {
            Envelope e = box.dequeue();
            if (e == null) {
                Thread.yield(); // a producer may be between its two stores
                continue;
            }
            int[] m = (int[]) e.message();
            assertThat(seen[m[0]][m[1]]).as("producer %d's message %d handed out twice", m[0], m[1]).isFalse();
            seen[m[0]][m[1]] = true;
            if (keepsProducerOrder()) {
                assertThat(m[1]).as("producer %d's order", m[0]).isEqualTo(next[m[0]]);
            }
            next[m[0]]++;
            received++;
        }
        for (Thread t : threads) {
            t.join();
        }
        assertThat(next).containsOnly(PER_PRODUCER);
        assertThat(box.dequeue()).isNull();
        assertThat(box.hasMessages()).isFalse();
        assertThat(box.size()).isZero();
    }

    @Test
    void anEnvelopeGoesBackToThePoolOnlyOnceTheMailboxCanNoLongerHandItOut() {
        Map<Envelope, Boolean> notYetHandedOut = new IdentityHashMap<>();
        for (int i = 0; i < 8; i++) {
            Envelope e = envelope("e" + i);
            mailbox().enqueue(e);
            notYetHandedOut.put(e, true);
        }
        for (Envelope e = mailbox().dequeue(); e != null; e = mailbox().dequeue()) {
            notYetHandedOut.remove(e);
            for (Envelope released : pool.released()) {
                assertThat(released).as("the envelope just handed out is not back in the pool").isNotSameAs(e);
                assertThat(notYetHandedOut).as("an envelope still queued was released").doesNotContainKey(released);
            }
            assertThat(e.message()).as("its message is intact until the next dequeue").isNotNull();
        }
        if (type().recyclePolicy() == RecyclePolicy.NEVER) {
            assertThat(pool.released()).as("a mailbox that never recycles releases nothing").isEmpty();
        }
        for (Envelope released : pool.released()) {
            assertThat(released.message()).as("released envelopes are reset").isNull();
        }
    }

    @Test
    void theIdleMarkStandsOnlyOnAnEmptyMailboxAndOneOfferClearsIt() {
        IdleMarkingMailbox marking = idleMarking();
        marking.offer(envelope("m1"));
        assertThat(marking.tryMarkIdle()).as("not empty").isFalse();
        assertThat(marking.isMarkedIdle()).isFalse();
        assertThat(marking.dequeue().message()).isEqualTo("m1");

        assertThat(marking.tryMarkIdle()).as("empty").isTrue();
        assertThat(marking.isMarkedIdle()).isTrue();
        assertThat(marking.hasMessages()).isFalse();
        assertThat(marking.size()).isZero();
        assertThat(marking.dequeue()).isNull();

        assertThat(marking.offer(envelope("m2"))).isEqualTo(IdleMarkingMailbox.Offer.WAKES);
        assertThat(marking.offer(envelope("m3"))).isEqualTo(IdleMarkingMailbox.Offer.QUEUED);
        assertThat(marking.isMarkedIdle()).isFalse();
        assertThat(marking.size()).isEqualTo(2);
        assertThat(marking.dequeue().message()).isEqualTo("m2");
        assertThat(marking.dequeue().message()).isEqualTo("m3");
        assertThat(marking.size()).isZero();
    }

    /**
     * The runtime's use of the mark, under concurrent producers: the consumer marks whenever it finds
     * the mailbox empty and then takes nothing until an offer has reported the wake-up, as an idle
     * actor is not run until its waker schedules it. Every message arrives once, in its producer's
     * order, and every mark that was cleared was cleared by exactly one offer.
     */
    @Test
    void concurrentProducersClearEachIdleMarkExactlyOnce() throws InterruptedException {
        IdleMarkingMailbox box = idleMarking();
        AtomicInteger wakeUps = new AtomicInteger();
        List<Thread> threads = new ArrayList<>();
        for (int p = 0; p < PRODUCERS; p++) {
            int producer = p;
            threads.add(new Thread(() -> {
                for (int i = 0; i < PER_PRODUCER; i++) {
                    if (box.offer(envelope(new int[] {producer, i})) == IdleMarkingMailbox.Offer.WAKES) {
                        wakeUps.incrementAndGet();
                    }
                }
            }));
        }
        threads.forEach(Thread::start);
        int[] next = new int[PRODUCERS];
        int received = 0;
        int marks = 0;
        while (received < PRODUCERS * PER_PRODUCER) {
            if (marks > wakeUps.get()) {
                Thread.onSpinWait(); // idle: nobody has woken us yet
                continue;
            }
            Envelope e = box.dequeue();
            if (e == null) {
                if (!box.hasMessages() && box.tryMarkIdle()) {
                    marks++;
                }
                continue;
            }
            int[] m = (int[]) e.message();
            assertThat(m[1]).as("producer %d's order", m[0]).isEqualTo(next[m[0]]);
            next[m[0]]++;
            received++;
        }
        for (Thread t : threads) {
            t.join();
        }
        assertThat(next).containsOnly(PER_PRODUCER);
        assertThat(wakeUps.get()).as("wake-ups against the marks the producers found").isEqualTo(marks);
        assertThat(box.isMarkedIdle()).isFalse();
        assertThat(box.size()).isZero();
    }

    /** {@return the mailbox under test as an idle-marking one; skips the test for a mailbox that keeps no mark} */
    private IdleMarkingMailbox idleMarking() {
        assumeTrue(mailbox() instanceof IdleMarkingMailbox, "this mailbox keeps no idle mark");
        return (IdleMarkingMailbox) mailbox();
    }
}
