package io.github.rota.api.management;

/**
 * The envelope pool, registered as {@code io.github.rota:type=EnvelopePool,system=<system>} while
 * it is enabled. Hits, misses and drops are monotonic; sizes are as of the read. Per-shard arrays
 * are in shard order.
 */
public interface EnvelopePoolMXBean {

    /** The ObjectName's {@code type}. */
    String TYPE = "EnvelopePool";

    /** {@return shards} */
    @Units("shards")
    int getShards();

    /** {@return envelopes each shard holds at most} */
    @Units("envelopes")
    int getCapacity();

    /** {@return acquires served from the pool} */
    @Units("envelopes")
    long getHits();

    /** {@return acquires that allocated} */
    @Units("envelopes")
    long getMisses();

    /** {@return releases dropped because a shard was full or contended} */
    @Units("envelopes")
    long getDrops();

    /** {@return spare envelopes now, in the shards and in the dispatcher threads' caches in front of them} */
    @Units("envelopes")
    long getSize();

    /** {@return hits per shard} */
    @Units("envelopes")
    long[] getShardHits();

    /** {@return misses per shard} */
    @Units("envelopes")
    long[] getShardMisses();

    /** {@return drops per shard} */
    @Units("envelopes")
    long[] getShardDrops();

    /** {@return spare envelopes per shard} */
    @Units("envelopes")
    int[] getShardSizes();
}
