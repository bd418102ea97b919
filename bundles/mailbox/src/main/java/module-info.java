/** Rota's mailbox types, provided to the runtime through {@link io.github.rota.spi.mailbox.MailboxType}. */
module io.github.rota.mailbox {
    requires io.github.rota.api;
    requires io.github.rota.spi;
    requires org.jctools.core;
    requires jdk.unsupported; // JCTools reaches sun.misc.Unsafe; its own descriptor does not resolve it
    requires static org.osgi.annotation.bundle;
    requires static org.osgi.annotation.versioning;
    // OSGi: Declarative Services components, never loaded on the module path.
    requires static osgi.core;
    requires static org.osgi.service.component.annotations;
    requires static org.osgi.service.metatype.annotations;

    provides io.github.rota.spi.mailbox.MailboxType
            with io.github.rota.mailbox.UnboundedMailboxType,
                 io.github.rota.mailbox.BoundedMailboxType,
                 io.github.rota.mailbox.UnboundedArrayMailboxType,
                 io.github.rota.mailbox.ControlAwareMailboxType,
                 io.github.rota.mailbox.PriorityMailboxType,
                 io.github.rota.mailbox.StablePriorityMailboxType,
                 io.github.rota.mailbox.FairMailboxType;

    uses io.github.rota.spi.mailbox.MessagePriority;
}
