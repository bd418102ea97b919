package io.github.rota.mailbox;

import io.github.rota.spi.mailbox.MailboxType;
import io.github.rota.spi.mailbox.RecyclePolicy;
import org.osgi.service.component.annotations.Component;

/** The default mailbox type, id {@value #ID}: see {@link UnboundedMailbox}. */
// OSGi: registered as a service with its default settings; the runtime binds it by id.
@Component(service = MailboxType.class, property = "id=" + UnboundedMailboxType.ID)
public final class UnboundedMailboxType extends FixedMailboxType {

    /** The id actors select this type by. */
    public static final String ID = MailboxType.UNBOUNDED;

    /** The type, as found by {@link java.util.ServiceLoader} and registered by Declarative Services. */
    public UnboundedMailboxType() {
        super(ID, RecyclePolicy.SENTINEL, UnboundedMailbox::new);
    }
}
