package io.github.rota.mailbox;

import io.github.rota.spi.mailbox.Mailbox;
import io.github.rota.spi.mailbox.MailboxType;
import io.github.rota.spi.mailbox.RecyclePolicy;
import io.github.rota.spi.pool.EnvelopePool;

/** Mailbox type {@value #ID}: see {@link FairMailbox}. */
public final class FairMailboxType implements MailboxType {

    /** The id actors select this type by. */
    public static final String ID = "per-sender-fair";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public RecyclePolicy recyclePolicy() {
        return RecyclePolicy.PREVIOUS;
    }

    @Override
    public Mailbox create(EnvelopePool pool) {
        return new FairMailbox(pool);
    }
}
