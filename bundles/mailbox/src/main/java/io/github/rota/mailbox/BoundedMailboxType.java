package io.github.rota.mailbox;

import io.github.rota.spi.mailbox.Mailbox;
import io.github.rota.spi.mailbox.MailboxConfig;
import io.github.rota.spi.mailbox.MailboxType;
import io.github.rota.spi.mailbox.RecyclePolicy;
import io.github.rota.spi.pool.EnvelopePool;
import java.util.Set;
import org.jctools.queues.MpscArrayQueue;
import org.osgi.service.component.annotations.Component;

/**
 * Mailbox type {@value #ID}: bounded, non-blocking mailboxes. FIFO, at most their capacity; when
 * full, an enqueue refuses at once and the runtime turns the message into a dead letter
 * ({@code MAILBOX_FULL}, counted). Neither a sender nor a worker ever waits on one. Property
 * {@value #CAPACITY}: messages it holds, default {@value #DEFAULT_CAPACITY}, range 2..2^30, rounded
 * up to a power of two.
 *
 * <p>Why JCTools {@link MpscArrayQueue}: a preallocated array with CAS on the producer index is
 * the counterpart of GoAkt's non-blocking bounded mailbox, and its {@code offer} fails when full
 * (the rest of what it gives is in {@code ArrayQueueMailbox}). It carries about 0.5 KB of padding
 * per instance: right for bounded mailboxes, wrong as the default for a million actors.
 */
// OSGi: registered as a service with its default settings; the runtime binds it by id.
@Component(service = MailboxType.class, property = "id=" + BoundedMailboxType.ID)
public final class BoundedMailboxType implements MailboxType {

    /** The id actors select this type by. */
    public static final String ID = "bounded";
    /** Property: how many messages a mailbox holds before new ones become dead letters. */
    public static final String CAPACITY = "capacity";
    /** Default capacity. */
    public static final int DEFAULT_CAPACITY = 1024;

    private final int capacity;

    /** The type with the default capacity, as found by {@link java.util.ServiceLoader}. */
    public BoundedMailboxType() {
        this(DEFAULT_CAPACITY);
    }

    private BoundedMailboxType(int capacity) {
        this.capacity = capacity;
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
        return Set.of(CAPACITY);
    }

    @Override
    public MailboxType configure(MailboxConfig config) {
        return new BoundedMailboxType(config.intProperty(CAPACITY, DEFAULT_CAPACITY, 2, 1 << 30));
    }

    @Override
    public Mailbox create(EnvelopePool pool) {
        return new ArrayQueueMailbox(pool, new MpscArrayQueue<>(capacity));
    }

    @Override
    public String toString() {
        return "bounded(" + capacity + ")";
    }
}
