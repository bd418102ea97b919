package io.github.rota.mailbox;

import io.github.rota.spi.mailbox.MailboxType;
import io.github.rota.spi.mailbox.MessagePriority;

/**
 * Mailbox type {@code stable-priority}: ordered by a {@link MessagePriority}, equal messages in
 * arrival order, envelopes returned one dequeue later. Properties {@code priority} (the ordering)
 * and {@code capacity} (optional bound); see {@link PriorityMailbox}.
 */
public final class StablePriorityMailboxType extends AbstractPriorityMailboxType {

    /** The type with no ordering yet, as found by {@link java.util.ServiceLoader}. */
    public StablePriorityMailboxType() {
        super(true, null, 0);
    }

    private StablePriorityMailboxType(MessagePriority priority, int capacity) {
        super(true, priority, capacity);
    }

    @Override
    MailboxType configured(MessagePriority priority, int capacity) {
        return new StablePriorityMailboxType(priority, capacity);
    }
}
