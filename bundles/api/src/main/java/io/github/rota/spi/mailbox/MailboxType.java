package io.github.rota.spi.mailbox;

import io.github.rota.spi.pool.EnvelopePool;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * A kind of mailbox, chosen by id in {@link io.github.rota.api.Props#withMailbox(String)} or
 * {@code rota.system.default.mailbox}. Found with {@link java.util.ServiceLoader} on the module path.
 */
@ConsumerType
public interface MailboxType {

    /** @return the id actors select this type by, e.g. {@code unbounded} */
    String id();

    /** @return when mailboxes of this type return envelopes to the pool */
    RecyclePolicy recyclePolicy();

    /**
     * @param pool where the mailbox returns envelopes, per its recycle policy
     * @return a new, empty mailbox for one actor
     */
    Mailbox create(EnvelopePool pool);
}
