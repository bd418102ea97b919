package io.github.rota.mailbox;

import io.github.rota.spi.mailbox.MailboxType;
import io.github.rota.spi.mailbox.MessagePriority;

/**
 * Mailbox type {@code priority}: ordered by a {@link MessagePriority}, equal messages in no
 * particular order, envelopes never returned to the pool. Property {@code priority} names the
 * ordering; see {@link PriorityMailbox}.
 */
public final class PriorityMailboxType extends AbstractPriorityMailboxType {

    /** The type with no ordering yet, as found by {@link java.util.ServiceLoader}. */
    public PriorityMailboxType() {
        super(false, null);
    }

    private PriorityMailboxType(MessagePriority priority) {
        super(false, priority);
    }

    @Override
    MailboxType orderedBy(MessagePriority priority) {
        return new PriorityMailboxType(priority);
    }
}
