package io.github.rota.mailbox;

import io.github.rota.spi.mailbox.MailboxType;
import io.github.rota.spi.mailbox.RecyclePolicy;
import org.osgi.service.component.annotations.Component;

/** Mailbox type {@value #ID}: see {@link ControlAwareMailbox}. */
// OSGi: registered as a service with its default settings; the runtime binds it by id.
@Component(service = MailboxType.class, property = "id=" + ControlAwareMailboxType.ID)
public final class ControlAwareMailboxType extends FixedMailboxType {

    /** The id actors select this type by. */
    public static final String ID = "control-aware";

    /** The type, as found by {@link java.util.ServiceLoader} and registered by Declarative Services. */
    public ControlAwareMailboxType() {
        super(ID, RecyclePolicy.SENTINEL, ControlAwareMailbox::new);
    }
}
