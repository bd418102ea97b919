package io.github.rota.mailbox;

import io.github.rota.spi.mailbox.Mailbox;
import io.github.rota.spi.mailbox.MailboxType;
import io.github.rota.spi.mailbox.RecyclePolicy;
import io.github.rota.spi.pool.EnvelopePool;
import org.osgi.service.component.annotations.Component;

/** The default mailbox type, id {@value #ID}: see {@link UnboundedMailbox}. */
// OSGi: registered as a service with its default settings; the runtime binds it by id.
@Component(service = MailboxType.class, property = "id=" + UnboundedMailboxType.ID)
public final class UnboundedMailboxType implements MailboxType {

    /** The id actors select this type by. */
    public static final String ID = MailboxType.UNBOUNDED;

    @Override
    public String id() {
        return ID;
    }

    @Override
    public RecyclePolicy recyclePolicy() {
        return RecyclePolicy.SENTINEL;
    }

    @Override
    public Mailbox create(EnvelopePool pool) {
        return new UnboundedMailbox(pool);
    }
}
