package io.github.rota.pool;

import java.util.Arrays;

/**
 * A snapshot of the envelope pool, per shard and in total. Hits, misses and drops are monotonic.
 *
 * @param shards number of shards
 * @param capacity envelopes each shard holds at most
 * @param hits per shard: acquires served from the shard
 * @param misses per shard: acquires that allocated
 * @param drops per shard: releases dropped because the shard was full or contended
 * @param sizes per shard: spare envelopes now
 */
record PoolStats(int shards, int capacity, long[] hits, long[] misses, long[] drops, int[] sizes) {

    long totalHits() {
        return Arrays.stream(hits).sum();
    }

    long totalMisses() {
        return Arrays.stream(misses).sum();
    }

    long totalDrops() {
        return Arrays.stream(drops).sum();
    }

    long totalSize() {
        return Arrays.stream(sizes).sum();
    }
}
