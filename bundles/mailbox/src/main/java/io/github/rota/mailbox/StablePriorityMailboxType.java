package io.github.rota.mailbox;

import io.github.rota.spi.mailbox.MailboxType;
import io.github.rota.spi.mailbox.MessagePriority;

/**
 * Mailbox type {@code stable-priority}: ordered by a {@link MessagePriority}, equal messages in
 * arrival order, envelopes returned one dequeue later. Property {@code priority} names the
 * ordering; see {@link PriorityMailbox}.
 */
public final class StablePriorityMailboxType extends AbstractPriorityMailboxType {

    /** The type with no ordering yet, as found by {@link java.util.ServiceLoader}. */
    public StablePriorityMailboxType() {
        super(true, null);
    }

    private StablePriorityMailboxType(MessagePriority priority) {
        super(true, priority);
    }

    @Override
    MailboxType orderedBy(MessagePriority priority) {
        return new StablePriorityMailboxType(priority);
    }
}
