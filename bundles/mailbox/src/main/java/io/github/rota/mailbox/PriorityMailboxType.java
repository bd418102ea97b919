package io.github.rota.mailbox;

import io.github.rota.spi.mailbox.MailboxType;
import io.github.rota.spi.mailbox.MessagePriority;

/**
 * Mailbox type {@code priority}: ordered by a {@link MessagePriority}, equal messages in no
 * particular order, envelopes never returned to the pool (one dequeue later when bounded).
 * Properties {@code priority} (the ordering) and {@code capacity} (optional bound); see
 * {@link PriorityMailbox}.
 */
public final class PriorityMailboxType extends AbstractPriorityMailboxType {

    /** The type with no ordering yet, as found by {@link java.util.ServiceLoader}. */
    public PriorityMailboxType() {
        super(false, null, 0);
    }

    private PriorityMailboxType(MessagePriority priority, int capacity) {
        super(false, priority, capacity);
    }

    @Override
    MailboxType configured(MessagePriority priority, int capacity) {
        return new PriorityMailboxType(priority, capacity);
    }
}
