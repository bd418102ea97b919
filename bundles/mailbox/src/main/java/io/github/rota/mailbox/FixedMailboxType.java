package io.github.rota.mailbox;

import io.github.rota.spi.mailbox.Mailbox;
import io.github.rota.spi.mailbox.MailboxType;
import io.github.rota.spi.mailbox.RecyclePolicy;
import io.github.rota.spi.pool.EnvelopePool;
import java.util.function.Function;

/** A mailbox type that takes no settings: its id, its recycle policy and how it makes a mailbox. */
abstract class FixedMailboxType implements MailboxType {

    private final String id;
    private final RecyclePolicy recyclePolicy;
    private final Function<EnvelopePool, Mailbox> mailboxes;

    FixedMailboxType(String id, RecyclePolicy recyclePolicy, Function<EnvelopePool, Mailbox> mailboxes) {
        this.id = id;
        this.recyclePolicy = recyclePolicy;
        this.mailboxes = mailboxes;
    }

    @Override
    public final String id() {
        return id;
    }

    @Override
    public final RecyclePolicy recyclePolicy() {
        return recyclePolicy;
    }

    @Override
    public final Mailbox create(EnvelopePool pool) {
        return mailboxes.apply(pool);
    }

    @Override
    public String toString() {
        return id;
    }
}
