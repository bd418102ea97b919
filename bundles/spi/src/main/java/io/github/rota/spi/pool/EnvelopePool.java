package io.github.rota.spi.pool;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * Recycles envelopes so the allocator stays off the messaging hot path. Every actor has a home
 * shard ({@link #assignHomeShard()}, round-robin at spawn); envelopes for it are taken from that
 * shard and always return to the shard that made them.
 *
 * <p>Contract: {@link #acquire} never returns null (empty or contended: allocate);
 * {@link #release} never blocks (full or contended: drop for the GC).
 */
@ConsumerType
public interface EnvelopePool {

    /**
     * {@code true} asks the runtime to check every turn for an envelope recycled too early (slow):
     * a service property of an {@code EnvelopePool} service in OSGi (a {@code Boolean}: with
     * Declarative Services, {@code property = "debug:Boolean=true"}), and a key of the properties
     * an {@link EnvelopePoolProvider} is given on the module path ({@code rota.pool.debug}, the
     * string {@code "true"} or {@code "false"}).
     */
    String DEBUG_PROPERTY = "debug";

    /** {@return the home shard for a newly spawned actor} */
    int assignHomeShard();

    /**
     * Takes an envelope for a message to an actor whose home shard is {@code shard}.
     *
     * @param shard the recipient's home shard
     * @return an empty envelope, never null
     */
    Envelope acquire(int shard);

    /**
     * Resets an envelope and returns it to its home shard, or drops it if that shard is full.
     *
     * @param envelope an envelope no mailbox links to any more
     */
    void release(Envelope envelope);

    /**
     * {@return the pool that pools nothing: every envelope is allocated, and a released one is left
     * to the garbage collector} The runtime uses it when no pool is installed or pooling is
     * disabled; tests of a mailbox use it so that they test the mailbox, not a pool.
     */
    static EnvelopePool allocating() {
        return AllocatingEnvelopePool.INSTANCE;
    }

    /** {@return a snapshot of the pool's counters; {@link EnvelopePoolStats#NONE} if it keeps none} */
    default EnvelopePoolStats stats() {
        return EnvelopePoolStats.NONE;
    }
}
