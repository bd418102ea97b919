package io.github.rota.runtime;

import io.github.rota.spi.mailbox.Mailbox;
import io.github.rota.spi.mailbox.MailboxType;
import io.github.rota.spi.mailbox.RecyclePolicy;
import io.github.rota.spi.pool.Envelope;
import io.github.rota.spi.pool.EnvelopePool;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Test mailbox type {@code racy}: a plain queue that, the next time a dequeue finds it empty, runs
 * {@link #onNextEmptyDequeue} first. This puts a "concurrent" producer exactly between the turn's
 * last look at the mailbox and its store of IDLE: the lost wake-up window.
 */
public final class RacyMailboxType implements MailboxType {

    static volatile Runnable onNextEmptyDequeue;

    @Override
    public String id() {
        return "racy";
    }

    @Override
    public RecyclePolicy recyclePolicy() {
        return RecyclePolicy.NEVER;
    }

    @Override
    public Mailbox create(EnvelopePool pool) {
        ConcurrentLinkedQueue<Envelope> queue = new ConcurrentLinkedQueue<>();
        return new Mailbox() {
            @Override
            public boolean enqueue(Envelope envelope) {
                return queue.add(envelope);
            }

            @Override
            public Envelope dequeue() {
                Envelope envelope = queue.poll();
                Runnable race = onNextEmptyDequeue;
                if (envelope == null && race != null) {
                    onNextEmptyDequeue = null;
                    race.run();
                }
                return envelope;
            }

            @Override
            public boolean hasMessages() {
                return !queue.isEmpty();
            }

            @Override
            public int size() {
                return queue.size();
            }
        };
    }
}
