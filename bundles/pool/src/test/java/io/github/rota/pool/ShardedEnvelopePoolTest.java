package io.github.rota.pool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.rota.spi.pool.Envelope;
import io.github.rota.spi.pool.EnvelopeCache;
import io.github.rota.spi.pool.EnvelopeCacheCarrier;
import io.github.rota.spi.pool.EnvelopePoolStats;
import io.github.rota.spi.pool.LinkedEnvelopeQueue;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import org.junit.jupiter.api.Test;

/** The pool's invariants, as its class comment lists them, one test each. */
class ShardedEnvelopePoolTest {

    private final ShardedEnvelopePool pool = new ShardedEnvelopePool(8);

    @Test
    void releaseReturnsToTheHomeShardOnly() {
        Envelope madeByShardTwo = pool.acquire(2); // a miss: made for shard 2
        assertThat(madeByShardTwo.homeShard()).isEqualTo(2);
        pool.release(madeByShardTwo);
        assertThat(pool.stats().sizes()).containsExactly(0, 0, 1, 0, 0, 0, 0, 0);

        // Taken through another shard's hint, it still goes home.
        Envelope strayed = pool.acquire(2);
        assertThat(strayed).isSameAs(madeByShardTwo);
        pool.release(strayed);
        assertThat(pool.acquire(5)).as("shard 5 has none of shard 2's envelopes").isNotSameAs(madeByShardTwo);
        assertThat(pool.stats().sizes()[2]).isEqualTo(1);
    }

    @Test
    void overflowDropsForTheGarbageCollector() {
        for (int i = 0; i < EnvelopeRing.CAPACITY + 3; i++) {
            pool.release(new Envelope(0)); // never blocks, never throws
        }
        EnvelopePoolStats stats = pool.stats();
        assertThat(stats.sizes()[0]).isEqualTo(EnvelopeRing.CAPACITY);
        assertThat(stats.drops()[0]).isEqualTo(3);
        assertThat(stats.totalDrops()).isEqualTo(3);
    }

    @Test
    void acquireNeverReturnsNull() {
        for (int shard = 0; shard < 20; shard++) {
            assertThat(pool.acquire(shard)).isNotNull();
        }
        assertThat(pool.stats().totalMisses()).isEqualTo(20);
        pool.release(pool.acquire(1));
        assertThat(pool.acquire(1)).isNotNull();
        assertThat(pool.stats().totalHits()).isEqualTo(1);
    }

    @Test
    void shardCountIsAPowerOfTwoFromEightTo128() {
        assertThat(ShardedEnvelopePool.shardCountFor(1)).isEqualTo(8);
        assertThat(ShardedEnvelopePool.shardCountFor(2)).isEqualTo(8);
        assertThat(ShardedEnvelopePool.shardCountFor(4)).isEqualTo(8);
        assertThat(ShardedEnvelopePool.shardCountFor(6)).isEqualTo(16);
        assertThat(ShardedEnvelopePool.shardCountFor(32)).isEqualTo(64);
        assertThat(ShardedEnvelopePool.shardCountFor(100)).isEqualTo(128);
        assertThat(Integer.bitCount(EnvelopeRing.CAPACITY)).isEqualTo(1);
        assertThatThrownBy(() -> new ShardedEnvelopePool(12))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("shard count must be a power of two, was 12");
    }

    @Test
    void homeShardsAreAssignedRoundRobin() {
        List<Integer> homes = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            homes.add(pool.assignHomeShard());
        }
        assertThat(homes).containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 0, 1);
    }

    @Test
    void resetClearsEveryPerMessageFieldButTheHomeShard() {
        Envelope envelope = pool.acquire(3).fill("message", null);
        Envelope next = new Envelope(3);
        Links.link(envelope, next);
        pool.release(envelope);
        assertThat(envelope.message()).isNull();
        assertThat(envelope.sender()).isNull();
        assertThat(Links.next(envelope)).as("never pooled while still linked").isNull();
        assertThat(envelope.homeShard()).isEqualTo(3);
    }

    @Test
    void inDebugModeAReleasedEnvelopeIsMarkedAndASecondReleaseIsRefused() {
        ShardedEnvelopePool debugging = new ShardedEnvelopePool(8, true);
        Envelope envelope = debugging.acquire(1).fill("m", null);
        int generation = envelope.generation();
        debugging.release(envelope);
        assertThat(envelope.isRecycled()).isTrue();
        assertThat(envelope.generation()).isEqualTo(generation + 1);
        assertThatThrownBy(() -> debugging.release(envelope))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("envelope released twice");
        assertThat(debugging.stats().sizes()[1]).as("not pooled twice").isEqualTo(1);
        assertThat(debugging.acquire(1).fill("next", null).isRecycled()).as("filling clears the mark").isFalse();
    }

    @Test
    void unknownPropertiesAreRejectedByName() {
        assertThatThrownBy(() -> new ShardedEnvelopePoolProvider().create(Map.of("sharts", "4")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown setting 'rota.pool.sharts' (value '4')");
    }

    @Test
    void concurrentUseKeepsEveryEnvelopeInExactlyOnePlace() throws Exception {
        int threads = 4;
        int rounds = 200_000;
        Set<Envelope> inHand = Collections.newSetFromMap(new ConcurrentHashMap<>());
        List<String> violations = Collections.synchronizedList(new ArrayList<>());
        CyclicBarrier start = new CyclicBarrier(threads);
        List<Thread> started = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int id = t;
            Thread thread = new Thread(() -> {
                try {
                    start.await();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                List<Envelope> held = new ArrayList<>();
                for (int i = 0; i < rounds; i++) {
                    Envelope e = pool.acquire(i + id);
                    if (!inHand.add(e)) {
                        violations.add("handed out twice: " + System.identityHashCode(e));
                    }
                    held.add(e);
                    if (held.size() == 8) {
                        for (Envelope h : held) {
                            inHand.remove(h);
                            pool.release(h);
                        }
                        held.clear();
                    }
                }
            });
            thread.start();
            started.add(thread);
        }
        for (Thread thread : started) {
            thread.join();
        }
        assertThat(violations).isEmpty();
        EnvelopePoolStats stats = pool.stats();
        assertThat(stats.totalHits() + stats.totalMisses()).isEqualTo((long) threads * rounds);
        // Every envelope ever made (a miss) is now either in a shard or was dropped, exactly once.
        assertThat(stats.totalSize() + stats.totalDrops()).isEqualTo(stats.totalMisses());
        assertThat(violations).isEmpty();
    }

    @Test
    void aCarrierThreadRecyclesThroughItsCacheWithNoMissAndGivesItBackWhenItEnds() throws Exception {
        int messages = ThreadCache.PUBLISH_EVERY + 100;
        EnvelopePoolStats[] whileRunning = new EnvelopePoolStats[1];
        onCarrier(() -> {
            for (int i = 0; i < messages; i++) {
                Envelope e = pool.acquire(2).fill("m", null);
                pool.release(e);
            }
            whileRunning[0] = pool.stats();
        });
        assertThat(whileRunning[0].totalMisses()).as("one envelope made, then recycled").isEqualTo(1);
        assertThat(whileRunning[0].sizes()).as("the shards were never touched").containsOnly(0);
        assertThat(whileRunning[0].cached()).as("it waits in the thread's cache, counted as spare").isEqualTo(1);

        EnvelopePoolStats ended = pool.stats();
        assertThat(ended.totalHits()).as("every hit counted once the cache was flushed").isEqualTo(messages - 1);
        assertThat(ended.cached()).isZero();
        assertThat(ended.sizes()[2]).as("back in its home shard when the thread ended").isEqualTo(1);
    }

    @Test
    void aFullCacheSpillsItsOlderHalfToTheirHomeShards() throws Exception {
        EnvelopePoolStats[] afterSpill = new EnvelopePoolStats[1];
        onCarrier(() -> {
            for (int i = 0; i <= ThreadCache.CAPACITY; i++) {
                pool.release(new Envelope(i % 3)); // made by shards 0, 1, 2 in turn
            }
            afterSpill[0] = pool.stats();
        });
        // The older half: envelopes 0..31, of shards 0, 1, 2 in turn: 11, 11 and 10.
        assertThat(afterSpill[0].sizes()).containsExactly(11, 11, 10, 0, 0, 0, 0, 0);
        assertThat(afterSpill[0].cached()).isEqualTo(ThreadCache.CAPACITY - ThreadCache.BATCH + 1);
        // The thread ended and flushed the rest: 65 envelopes, 22, 22 and 21 per shard.
        assertThat(pool.stats().sizes()).containsExactly(22, 22, 21, 0, 0, 0, 0, 0);
        int[] expected = {22, 22, 21};
        for (int shard = 0; shard < 3; shard++) {
            for (int i = 0; i < expected[shard]; i++) {
                assertThat(pool.acquire(shard).homeShard()).as("shard %d holds only its own", shard).isEqualTo(shard);
            }
        }
        assertThat(pool.stats().totalMisses()).isZero();
    }

    @Test
    void concurrentCarriersKeepEveryEnvelopeInExactlyOnePlace() throws Exception {
        // One carrier takes envelopes and hands them to another, which releases them: the first keeps
        // refilling from the shards and the second spilling to them, in batches, concurrently.
        int messages = 300_000;
        Set<Envelope> inHand = Collections.newSetFromMap(new ConcurrentHashMap<>());
        List<String> violations = Collections.synchronizedList(new ArrayList<>());
        java.util.concurrent.ArrayBlockingQueue<Envelope> handOver = new java.util.concurrent.ArrayBlockingQueue<>(1024);
        Carrier producer = new Carrier(() -> {
            for (int i = 0; i < messages; i++) {
                Envelope e = pool.acquire(i & 3);
                if (!inHand.add(e)) {
                    violations.add("handed out twice: " + System.identityHashCode(e));
                }
                try {
                    handOver.put(e);
                } catch (InterruptedException interrupted) {
                    throw new IllegalStateException(interrupted);
                }
            }
        });
        Carrier consumer = new Carrier(() -> {
            for (int i = 0; i < messages; i++) {
                try {
                    Envelope e = handOver.take();
                    inHand.remove(e);
                    pool.release(e);
                } catch (InterruptedException interrupted) {
                    throw new IllegalStateException(interrupted);
                }
            }
        });
        producer.start();
        consumer.start();
        producer.join();
        consumer.join();

        assertThat(violations).isEmpty();
        assertThat(producer.failure).isNull();
        assertThat(consumer.failure).isNull();
        EnvelopePoolStats stats = pool.stats();
        // Both threads ended and flushed: every envelope ever made (a miss) is in a shard or was dropped.
        assertThat(stats.cached()).isZero();
        assertThat(stats.totalSize() + stats.totalDrops()).isEqualTo(stats.totalMisses());
        assertThat(stats.totalMisses()).as("envelopes went round through the shards").isLessThan(messages / 10);
    }

    @Test
    void aRetiredPoolsCacheGivesWayOnTheThreadToThePoolThatReplacedIt() throws Exception {
        ShardedEnvelopePool replacement = new ShardedEnvelopePool(8);
        EnvelopePoolStats[] seen = new EnvelopePoolStats[2];
        onCarrier(() -> {
            pool.release(pool.acquire(1).fill("m", null)); // the thread keeps the first pool's cache
            pool.retire(); // a configuration change replaced it
            for (int i = 0; i < 100; i++) {
                replacement.release(replacement.acquire(1).fill("m", null));
            }
            seen[0] = pool.stats();
            seen[1] = replacement.stats();
        });
        assertThat(seen[0].cached()).as("the retired pool's cache was let go").isZero();
        assertThat(seen[0].sizes()[1]).as("its envelope went back to its home shard").isEqualTo(1);
        assertThat(seen[1].totalMisses()).as("one envelope made, then recycled").isEqualTo(1);
        assertThat(seen[1].sizes()).as("the replacement's shards untouched: the thread caches for it").containsOnly(0);
        assertThat(seen[1].cached()).isEqualTo(1);
    }

    @Test
    void aLivePoolLeavesTheThreadToAnotherLivePoolsCache() throws Exception {
        // Actors keep the pool they were spawned with: two live pools can alternate on one thread,
        // and must not take its cache from each other at every message.
        ShardedEnvelopePool other = new ShardedEnvelopePool(8);
        EnvelopePoolStats[] seen = new EnvelopePoolStats[2];
        onCarrier(() -> {
            for (int i = 0; i < 100; i++) {
                pool.release(pool.acquire(1).fill("m", null));
                other.release(other.acquire(1).fill("m", null));
            }
            seen[0] = pool.stats();
            seen[1] = other.stats();
        });
        assertThat(seen[0].cached()).as("the first pool keeps the thread").isEqualTo(1);
        assertThat(seen[1].cached()).isZero();
        assertThat(seen[1].sizes()[1]).as("the other recycles through its shard").isEqualTo(1);
    }

    @Test
    void aRetiredPoolKeepsNoCacheOnAThread() throws Exception {
        pool.retire();
        EnvelopePoolStats[] seen = new EnvelopePoolStats[1];
        onCarrier(() -> {
            pool.release(pool.acquire(1).fill("m", null)); // an actor spawned before it was replaced
            seen[0] = pool.stats();
        });
        assertThat(seen[0].cached()).isZero();
        assertThat(seen[0].sizes()[1]).isEqualTo(1);
    }

    /** Runs {@code work} on a thread that carries a cache, as a dispatcher's threads do, and waits for it. */
    private static void onCarrier(Runnable work) throws InterruptedException {
        Carrier carrier = new Carrier(work);
        carrier.start();
        carrier.join();
        if (carrier.failure != null) {
            throw new AssertionError(carrier.failure);
        }
    }

    /** A thread with a place for the pool's cache, which it flushes as it ends, as the carrier contract asks. */
    private static final class Carrier extends Thread implements EnvelopeCacheCarrier {
        private EnvelopeCache cache;
        private volatile Throwable failure;

        Carrier(Runnable work) {
            super(work);
            setUncaughtExceptionHandler((thread, e) -> failure = e);
        }

        @Override
        public void run() {
            try {
                super.run();
            } finally {
                if (cache != null) {
                    cache.flush();
                }
            }
        }

        @Override
        public EnvelopeCache envelopeCache() {
            return cache;
        }

        @Override
        public void envelopeCache(EnvelopeCache cache) {
            this.cache = cache;
        }
    }

    /** What a linked mailbox may do to an envelope's link: a test reaches it the same way. */
    private static final class Links extends LinkedEnvelopeQueue {
        static void link(Envelope envelope, Envelope next) {
            spNext(envelope, next);
        }

        static Envelope next(Envelope envelope) {
            return lvNext(envelope);
        }
    }
}
