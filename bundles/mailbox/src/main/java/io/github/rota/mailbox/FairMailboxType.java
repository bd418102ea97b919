package io.github.rota.mailbox;

import io.github.rota.spi.mailbox.MailboxType;
import io.github.rota.spi.mailbox.RecyclePolicy;
import org.osgi.service.component.annotations.Component;

/** Mailbox type {@value #ID}: see {@link FairMailbox}. */
// OSGi: registered as a service with its default settings; the runtime binds it by id.
@Component(service = MailboxType.class, property = "id=" + FairMailboxType.ID)
public final class FairMailboxType extends FixedMailboxType {

    /** The id actors select this type by. */
    public static final String ID = "per-sender-fair";

    /** The type, as found by {@link java.util.ServiceLoader} and registered by Declarative Services. */
    public FairMailboxType() {
        super(ID, RecyclePolicy.PREVIOUS, FairMailbox::new);
    }
}
