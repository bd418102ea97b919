package io.github.rota.mailbox;

import io.github.rota.spi.mailbox.Mailbox;
import io.github.rota.spi.mailbox.MailboxConfig;
import io.github.rota.spi.mailbox.MailboxType;
import io.github.rota.spi.mailbox.RecyclePolicy;
import io.github.rota.spi.pool.EnvelopePool;
import java.util.Set;
import org.jctools.queues.MpscUnboundedXaddArrayQueue;
import org.osgi.service.component.annotations.Component;

/**
 * Mailbox type {@value #ID}: unbounded mailboxes for an actor that many messages flood (a collector
 * many actors report to, the consumer of a stream). FIFO, in chunks of an array, never full.
 * Property {@value #CHUNK}: slots per chunk, default {@value #DEFAULT_CHUNK}, range 2..2^20, rounded
 * up to a power of two.
 *
 * <p>Why an array, when the default {@code unbounded} mailbox links its envelopes: a consumer that
 * follows links learns where the next envelope is only by reading the one before it, so where the
 * envelopes were written on another core every message waits for its own cache-line transfer, one
 * after the other. Here the consumer reads the envelopes' addresses from the array, 16 references
 * to a cache line, and the transfers of the envelopes behind them overlap. Producers claim a slot
 * with one atomic add ({@link MpscUnboundedXaddArrayQueue}) and never retry.
 *
 * <p>The cost is memory: the queue's padding and its first chunk make about 3.4 KB per actor with
 * the default chunk (1.3 KB with 16), against 88 bytes for {@code unbounded}, and it keeps up to two
 * spare chunks after a burst. And it has no idle mark, so waking the actor costs the sender a
 * compare-and-set on the actor's state: an exchange of one message at a time runs faster on
 * {@code unbounded}.
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
        return new ArrayQueueMailbox(pool, new MpscUnboundedXaddArrayQueue<>(chunk));
    }

    @Override
    public String toString() {
        return "unbounded-array(" + chunk + ")";
    }
}
