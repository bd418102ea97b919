package io.github.rota.mailbox;

import io.github.rota.spi.mailbox.MailboxConfig;
import io.github.rota.spi.mailbox.MailboxType;
import io.github.rota.testkit.contract.MailboxContract;
import java.util.Map;

/** The SPI's mailbox contract, for {@code stable-priority} (its own behaviour: {@link PriorityMailboxTest}). */
class StablePriorityMailboxContractTest extends MailboxContract {

    @Override
    protected MailboxType type() {
        return new StablePriorityMailboxType().configure(new MailboxConfig("urgent", Map.of("priority", "by-length")));
    }

    /** Ordered by the length of the message's string form first; the contract's messages differ in it. */
    @Override
    protected boolean keepsProducerOrder() {
        return false;
    }
}
