package io.github.rota.runtime;

import io.github.rota.spi.mailbox.Mailbox;
import io.github.rota.spi.mailbox.MailboxConfig;
import io.github.rota.spi.mailbox.MailboxType;
import io.github.rota.spi.mailbox.RecyclePolicy;
import io.github.rota.spi.pool.Envelope;
import io.github.rota.spi.pool.EnvelopePool;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Test mailbox type {@code picky}: a plain queue whose enqueue throws for the message
 * {@value #UNACCEPTABLE} (as a priority mailbox's comparator can, on the sender's thread); configured
 * with {@code broken=true}, it cannot make a mailbox at all (as a priority id with no ordering).
 */
public final class PickyMailboxType implements MailboxType {

    static final String UNACCEPTABLE = "unacceptable";

    private final boolean broken;

    public PickyMailboxType() {
        this(false);
    }

    private PickyMailboxType(boolean broken) {
        this.broken = broken;
    }

    @Override
    public String id() {
        return "picky";
    }

    @Override
    public RecyclePolicy recyclePolicy() {
        return RecyclePolicy.NEVER;
    }

    @Override
    public Set<String> propertyKeys() {
        return Set.of("broken");
    }

    @Override
    public MailboxType configure(MailboxConfig config) {
        return new PickyMailboxType(Boolean.parseBoolean(config.properties().getOrDefault("broken", "false")));
    }

    @Override
    public Mailbox create(EnvelopePool pool) {
        if (broken) {
            throw new IllegalStateException("this picky mailbox is broken");
        }
        ConcurrentLinkedQueue<Envelope> queue = new ConcurrentLinkedQueue<>();
        return new Mailbox() {
            @Override
            public boolean enqueue(Envelope envelope) {
                if (UNACCEPTABLE.equals(envelope.message())) {
                    throw new IllegalArgumentException("the picky mailbox does not take '" + UNACCEPTABLE + "'");
                }
                return queue.add(envelope);
            }

            @Override
            public Envelope dequeue() {
                return queue.poll();
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
