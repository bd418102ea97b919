package io.github.rota.spi.mailbox;

import io.github.rota.spi.pool.EnvelopePool;
import java.util.Set;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * A kind of mailbox, chosen by id in {@link io.github.rota.api.Props#withMailbox(String)} or
 * {@code rota.system.default.mailbox}. Found with {@link java.util.ServiceLoader} on the module path.
 *
 * <p>Every installed type is available under its own {@link #id()} with default settings; more ids
 * can be configured from it: {@code rota.mailbox.small.type=bounded},
 * {@code rota.mailbox.small.capacity=64} makes mailbox id {@code small}.
 */
@ConsumerType
public interface MailboxType {

    /** The id of the unbounded MPSC mailbox type, the one actors get when nothing names another. */
    String UNBOUNDED = "unbounded";

    /** {@return the id actors select this type by, e.g. {@code unbounded}} */
    String id();

    /** {@return when mailboxes of this type return envelopes to the pool} */
    RecyclePolicy recyclePolicy();

    /**
     * Creates a mailbox.
     *
     * @param pool where the mailbox returns envelopes, per its recycle policy
     * @return a new, empty mailbox for one actor
     */
    Mailbox create(EnvelopePool pool);

    /** {@return the settings keys this type reads (besides {@code type}); others are rejected} */
    default Set<String> propertyKeys() {
        return Set.of();
    }

    /**
     * Configures this type for one mailbox id. Called once per configured id when the actor system
     * is created, with only keys from {@link #propertyKeys()}.
     *
     * @param config the id and its settings
     * @return a type that creates mailboxes with these settings; {@code this} if it takes none
     * @throws IllegalArgumentException naming the key and the value if a setting is invalid
     */
    default MailboxType configure(MailboxConfig config) {
        return this;
    }
}
