package io.github.rota.mailbox;

import io.github.rota.spi.mailbox.Mailbox;
import io.github.rota.spi.mailbox.MailboxConfig;
import io.github.rota.spi.mailbox.MailboxType;
import io.github.rota.spi.mailbox.RecyclePolicy;
import io.github.rota.spi.pool.EnvelopePool;
import java.util.Set;
import org.osgi.service.component.annotations.Component;

/**
 * Mailbox type {@value #ID}: see {@link UnboundedArrayMailbox}. Property {@value #CHUNK}: slots per
 * chunk of the array, default {@value #DEFAULT_CHUNK}, range 2..2^20, rounded up to a power of two.
 */
// OSGi: registered as a service with its default settings; the runtime binds it by id.
@Component(service = MailboxType.class, property = "id=" + UnboundedArrayMailboxType.ID)
public final class UnboundedArrayMailboxType implements MailboxType {

    /** The id actors select this type by. */
    public static final String ID = "unbounded-array";
    /** Property: how many messages one chunk of the array holds. */
    public static final String CHUNK = "chunk";
    /** Default chunk: large enough that a flood seldom links a new chunk, small enough for a few thousand such actors. */
    public static final int DEFAULT_CHUNK = 256;

    private final int chunk;

    /** The type with the default chunk, as found by {@link java.util.ServiceLoader}. */
    public UnboundedArrayMailboxType() {
        this(DEFAULT_CHUNK);
    }

    private UnboundedArrayMailboxType(int chunk) {
        this.chunk = chunk;
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public RecyclePolicy recyclePolicy() {
        return RecyclePolicy.PREVIOUS;
    }

    @Override
    public Set<String> propertyKeys() {
        return Set.of(CHUNK);
    }

    @Override
    public MailboxType configure(MailboxConfig config) {
        return new UnboundedArrayMailboxType(config.intProperty(CHUNK, DEFAULT_CHUNK, 2, 1 << 20));
    }

    @Override
    public Mailbox create(EnvelopePool pool) {
        return new UnboundedArrayMailbox(pool, chunk);
    }

    @Override
    public String toString() {
        return "unbounded-array(" + chunk + ")";
    }
}
