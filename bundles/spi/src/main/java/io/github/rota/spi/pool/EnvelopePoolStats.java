package io.github.rota.spi.pool;

import java.util.Arrays;

/**
 * A snapshot of an envelope pool, per shard and in total. Hits, misses and drops are monotonic.
 * A pool that keeps no statistics reports {@link #NONE}.
 *
 * @param shards number of shards
 * @param capacity envelopes each shard holds at most
 * @param hits per shard: acquires for actors of that home shard served by the pool (the shard, or a
 *             thread's cache in front of the shards) instead of allocated
 * @param misses per shard: acquires that allocated
 * @param drops per shard: releases dropped because the shard was full or contended
 * @param sizes per shard: spare envelopes now
 * @param cached spare envelopes now in threads' caches in front of the shards ({@link EnvelopeCache})
 */
public record EnvelopePoolStats(int shards, int capacity, long[] hits, long[] misses, long[] drops, int[] sizes,
                                long cached) {

    /** The statistics of a pool without shards (one that allocates every envelope). */
    public static final EnvelopePoolStats NONE = new EnvelopePoolStats(0, 0, new long[0], new long[0], new long[0], new int[0], 0);

    /** {@return acquires served from the pool, over all shards} */
    public long totalHits() {
        return Arrays.stream(hits).sum();
    }

    /** {@return acquires that allocated, over all shards} */
    public long totalMisses() {
        return Arrays.stream(misses).sum();
    }

    /** {@return releases dropped because a shard was full or contended, over all shards} */
    public long totalDrops() {
        return Arrays.stream(drops).sum();
    }

    /** {@return spare envelopes now, over all shards and the threads' caches} */
    public long totalSize() {
        return Arrays.stream(sizes).sum() + cached;
    }
}
