package io.github.rota.pool;

import io.github.rota.spi.pool.Envelope;
import io.github.rota.spi.pool.EnvelopeCache;
import io.github.rota.spi.pool.EnvelopeCacheCarrier;
import io.github.rota.spi.pool.EnvelopePoolStats;
import io.github.rota.spi.pool.RecyclingEnvelopePool;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * The envelope pool (after GoAkt's context pool): a power-of-two number of {@link EnvelopeRing}
 * shards, 8 to 128, chosen from the core count so that pairs of actors tend to use different rings
 * and no lock is shared. Every actor gets a home shard round-robin at spawn; envelopes for it come
 * from that shard, and an envelope always goes back to the shard that made it.
 *
 * <p>On a dispatcher's thread (an {@link EnvelopeCacheCarrier}) a {@link ThreadCache} stands in
 * front of the shards: acquires and releases use the thread's own stack, and the shards see only
 * batches, so pooling costs a message no atomic instruction where allocating costs a TLAB bump and
 * later a collection. Other threads use the shards directly. The statistics count the envelopes in
 * the caches as spare, so everything taken out is accounted for: in a shard, in a cache, in a
 * mailbox or a hand, or dropped.
 *
 * <p>{@link #acquire} never returns null (empty or contended: allocate, counted as a miss);
 * {@link #release} never blocks (full or contended: drop for the GC, counted as a drop).
 *
 * <p>Invariants, each a test in {@code ShardedEnvelopePoolTest} of the same name:
 * {@code releaseReturnsToTheHomeShardOnly}, {@code overflowDropsForTheGarbageCollector},
 * {@code acquireNeverReturnsNull}, {@code shardCountIsAPowerOfTwoFromEightTo128},
 * {@code resetClearsEveryPerMessageFieldButTheHomeShard},
 * {@code concurrentUseKeepsEveryEnvelopeInExactlyOnePlace}; with caches,
 * {@code aCarrierThreadRecyclesThroughItsCacheWithNoMissAndGivesItBackWhenItEnds},
 * {@code aFullCacheSpillsItsOlderHalfToTheirHomeShards}, {@code concurrentCarriersKeepEveryEnvelopeInExactlyOnePlace};
 * across pools, {@code aRetiredPoolsCacheGivesWayOnTheThreadToThePoolThatReplacedIt},
 * {@code aLivePoolLeavesTheThreadToAnotherLivePoolsCache}, {@code aRetiredPoolKeepsNoCacheOnAThread}.
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
    /** The caches of the carrier threads alive now, for the statistics: each is removed as its thread ends and flushes it. */
    private final Set<ThreadCache> caches = ConcurrentHashMap.newKeySet();
    private volatile boolean retired;

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
        ThreadCache cache = cacheOfThisThread();
        Envelope envelope = cache != null ? cache.acquire(home) : pollShard(home);
        if (envelope != null) {
            return envelope;
        }
        misses[home].increment();
        return new Envelope(home);
    }

    private Envelope pollShard(int home) {
        Envelope envelope = shards[home].poll();
        if (envelope != null) {
            hits[home].increment();
        }
        return envelope;
    }

    @Override
    public void release(Envelope envelope) {
        if (debug && envelope.isRecycled()) {
            throw new IllegalStateException("envelope released twice (home shard " + envelope.homeShard()
                    + ", generation " + envelope.generation() + "): a mailbox returned it while it was already in the pool");
        }
        resetForReuse(envelope, debug);
        ThreadCache cache = cacheOfThisThread();
        if (cache != null) {
            cache.release(envelope);
            return;
        }
        // Always the shard that made it, whatever shard the caller had in mind.
        int home = shardOf(envelope);
        if (!shards[home].offer(envelope)) {
            drops[home].increment();
        }
    }

    /**
     * @return this pool's cache on the calling thread, made on its first use there, in place of a
     *         retired pool's; {@code null} on a thread that keeps none (not a dispatcher's), or
     *         keeps a live pool's (two live pools on one thread would take it from each other at
     *         every message), and for a retired pool
     */
    private ThreadCache cacheOfThisThread() {
        if (!(Thread.currentThread() instanceof EnvelopeCacheCarrier carrier)) {
            return null;
        }
        EnvelopeCache cache = carrier.envelopeCache();
        if (cache instanceof ThreadCache own && own.belongsTo(this)) {
            return own;
        }
        if (retired || (cache != null && !cache.isRetired())) {
            return null;
        }
        if (cache != null) {
            carrier.flushEnvelopeCache(); // the retired pool's envelopes go back, and it is let go
        }
        ThreadCache made = new ThreadCache(this, shards.length);
        caches.add(made);
        carrier.envelopeCache(made);
        return made;
    }

    /**
     * The pool is replaced or disabled (its service unregistered): from now on it takes no thread's
     * cache, and its caches give way to whatever pool next uses their threads, or are dropped when
     * their threads wait for work. It goes on serving the actors that were given it, from its shards.
     */
    void retire() {
        retired = true;
    }

    boolean isRetired() {
        return retired;
    }

    /** A cache's carrier has ended and flushed it. */
    void forget(ThreadCache cache) {
        caches.remove(cache);
    }

    /** @return the shard {@code envelope} goes back to: its home shard (masked, for one another pool made) */
    int shardOf(Envelope envelope) {
        return envelope.homeShard() & mask;
    }

    /** A cache's refill: up to {@code n} envelopes of shard {@code home} into {@code target[0..]}. */
    int refill(int home, Envelope[] target, int n) {
        return shards[home].pollBatch(target, 0, n);
    }

    /** A cache's spill: {@code source[from..from + n)}, all of shard {@code home}, back to it; what does not fit is dropped. */
    void spill(int home, Envelope[] source, int from, int n) {
        int end = from + n;
        while (from < end) {
            int stored = shards[home].offerBatch(source, from, end - from);
            if (stored == 0) {
                drops[home].add(end - from);
                return;
            }
            from += stored;
        }
    }

    /** A cache's hits since it last counted them, per shard. */
    void countHits(long[] cacheHits) {
        for (int i = 0; i < cacheHits.length; i++) {
            if (cacheHits[i] != 0) {
                hits[i].add(cacheHits[i]);
            }
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
        long cached = 0;
        for (ThreadCache cache : caches) {
            cached += cache.size();
        }
        return new EnvelopePoolStats(n, EnvelopeRing.CAPACITY, h, m, d, sizes, cached);
    }
}
