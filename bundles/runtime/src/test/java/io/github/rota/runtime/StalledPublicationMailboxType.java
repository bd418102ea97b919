package io.github.rota.runtime;

import io.github.rota.spi.mailbox.Mailbox;
import io.github.rota.spi.mailbox.MailboxType;
import io.github.rota.spi.mailbox.RecyclePolicy;
import io.github.rota.spi.pool.Envelope;
import io.github.rota.spi.pool.EnvelopePool;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Test mailbox type {@code stalled}: a plain queue in which a test can hold one enqueue halfway,
 * as a producer preempted between the two stores of a linked mailbox's enqueue leaves it: counted
 * (so {@code hasMessages()} is true) but not yet linked (so {@code dequeue()} finds nothing). It
 * counts the dequeues of the last mailbox it made.
 */
public final class StalledPublicationMailboxType implements MailboxType {

    /** The mailbox this type made last. */
    static volatile Stalled last;

    /** A mailbox a test can hold an enqueue in. */
    static final class Stalled implements Mailbox {
        private final ConcurrentLinkedQueue<Envelope> linked = new ConcurrentLinkedQueue<>();
        private volatile Envelope halfway;
        final AtomicInteger dequeues = new AtomicInteger();

        /** Enqueues {@code envelope} halfway: it counts, but cannot be dequeued until {@link #finishEnqueue}. */
        void beginEnqueue(Envelope envelope) {
            halfway = envelope;
        }

        void finishEnqueue() {
            linked.add(halfway);
            halfway = null;
        }

        @Override
        public boolean enqueue(Envelope envelope) {
            return linked.add(envelope);
        }

        @Override
        public Envelope dequeue() {
            dequeues.incrementAndGet();
            return linked.poll();
        }

        @Override
        public boolean hasMessages() {
            return halfway != null || !linked.isEmpty();
        }

        @Override
        public int size() {
            return linked.size() + (halfway != null ? 1 : 0);
        }
    }

    @Override
    public String id() {
        return "stalled";
    }

    @Override
    public RecyclePolicy recyclePolicy() {
        return RecyclePolicy.NEVER;
    }

    @Override
    public Mailbox create(EnvelopePool pool) {
        Stalled mailbox = new Stalled();
        last = mailbox;
        return mailbox;
    }
}
