package io.github.rota.pool;

import io.github.rota.spi.pool.EnvelopePoolStats;

import io.github.rota.spi.pool.Envelope;
import io.github.rota.spi.pool.RecyclingEnvelopePool;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * The envelope pool (after GoAkt's context pool): a power-of-two number of {@link EnvelopeRing}
 * shards, 8 to 128, chosen from the core count so that pairs of actors tend to use different rings
 * and no lock is shared. Every actor gets a home shard round-robin at spawn; envelopes for it come
 * from that shard, and an envelope always goes back to the shard that made it.
 *
 * <p>{@link #acquire} never returns null (empty or contended: allocate, counted as a miss);
 * {@link #release} never blocks (full or contended: drop for the GC, counted as a drop).
 *
 * <p>Invariants, each a test in {@code ShardedEnvelopePoolTest} of the same name:
 * {@code releaseReturnsToTheHomeShardOnly}, {@code overflowDropsForTheGarbageCollector},
 * {@code acquireNeverReturnsNull}, {@code shardCountIsAPowerOfTwoFromEightTo128},
 * {@code resetClearsEveryPerMessageFieldButTheHomeShard},
 * {@code concurrentUseKeepsEveryEnvelopeInExactlyOnePlace}.
 */
final class ShardedEnvelopePool extends RecyclingEnvelopePool {

    static final int MIN_SHARDS = 8;
    static final int MAX_SHARDS = 128;

    private final EnvelopeRing[] shards;
    private final int mask;
    private final AtomicInteger nextHomeShard = new AtomicInteger();
    private final LongAdder[] hits;
    private final LongAdder[] misses;
    private final LongAdder[] drops;
    private final boolean debug;

    ShardedEnvelopePool(int shardCount) {
        this(shardCount, false);
    }

    /**
     * @param debug mark released envelopes, so a second release or a read after release is
     *              reported instead of silently handing one envelope to two messages
     */
    ShardedEnvelopePool(int shardCount, boolean debug) {
        this.debug = debug;
        if (Integer.bitCount(shardCount) != 1) {
            throw new IllegalArgumentException("shard count must be a power of two, was " + shardCount);
        }
        shards = new EnvelopeRing[shardCount];
        hits = new LongAdder[shardCount];
        misses = new LongAdder[shardCount];
        drops = new LongAdder[shardCount];
        for (int i = 0; i < shardCount; i++) {
            shards[i] = new EnvelopeRing();
            hits[i] = new LongAdder();
            misses[i] = new LongAdder();
            drops[i] = new LongAdder();
        }
        mask = shardCount - 1;
    }

    /** @return the smallest power of two at least twice {@code processors}, within 8..128 */
    static int shardCountFor(int processors) {
        int n = MIN_SHARDS;
        while (n < 2 * processors && n < MAX_SHARDS) {
            n <<= 1;
        }
        return n;
    }

    @Override
    public int assignHomeShard() {
        return nextHomeShard.getAndIncrement() & mask;
    }

    @Override
    public Envelope acquire(int shard) {
        int home = shard & mask;
        Envelope envelope = shards[home].poll();
        if (envelope != null) {
            hits[home].increment();
            return envelope;
        }
        misses[home].increment();
        return new Envelope(home);
    }

    @Override
    public void release(Envelope envelope) {
        if (debug && envelope.isRecycled()) {
            throw new IllegalStateException("envelope released twice (home shard " + envelope.homeShard()
                    + ", generation " + envelope.generation() + "): a mailbox returned it while it was already in the pool");
        }
        resetForReuse(envelope, debug);
        // Always the shard that made it, whatever shard the caller had in mind.
        int home = envelope.homeShard() & mask;
        if (!shards[home].offer(envelope)) {
            drops[home].increment();
        }
    }

    /** @return counters and sizes per shard, and their totals */
    @Override
    public EnvelopePoolStats stats() {
        int n = shards.length;
        long[] h = new long[n];
        long[] m = new long[n];
        long[] d = new long[n];
        int[] sizes = new int[n];
        for (int i = 0; i < n; i++) {
            h[i] = hits[i].sum();
            m[i] = misses[i].sum();
            d[i] = drops[i].sum();
            sizes[i] = shards[i].size();
        }
        return new EnvelopePoolStats(n, EnvelopeRing.CAPACITY, h, m, d, sizes);
    }
}
