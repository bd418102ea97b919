package io.github.rota.runtime;

import io.github.rota.spi.mailbox.Mailbox;
import io.github.rota.spi.mailbox.MailboxType;
import io.github.rota.spi.mailbox.RecyclePolicy;
import io.github.rota.spi.pool.Envelope;
import io.github.rota.spi.pool.EnvelopePool;
import java.util.concurrent.ConcurrentLinkedQueue;

/** A broken test mailbox type ({@code early-recycling}): it releases each envelope as it hands it out. */
public final class EarlyRecyclingMailboxType implements MailboxType {

    @Override
    public String id() {
        return "early-recycling";
    }

    @Override
    public RecyclePolicy recyclePolicy() {
        return RecyclePolicy.PREVIOUS; // claimed; not what it does
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
                if (envelope != null) {
                    pool.release(envelope); // the bug: still about to be read
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
