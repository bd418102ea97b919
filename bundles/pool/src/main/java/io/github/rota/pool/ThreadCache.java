package io.github.rota.pool;

import io.github.rota.spi.pool.Envelope;
import io.github.rota.spi.pool.EnvelopeCache;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * One dispatcher thread's spare envelopes, in front of the pool's shards (a thread cache in front of
 * a shared heap): acquire pops and release pushes a small stack of the thread's own, with no atomic
 * instruction and no cache line shared with another core. The shards are touched only in batches:
 * an empty stack is refilled with up to {@value #BATCH} envelopes from the recipient's home shard in
 * one claim, and a full one sends its older half back, each envelope to the shard that made it.
 * Request and reply on one worker then recycle within its stack; a one-way flow (a producer on one
 * worker, its consumer on another) moves envelopes between the shards in batches.
 *
 * <p>The pool's invariants hold as for the shards alone: an envelope returns to its home shard and no
 * other (it only waits here on the way), it is in one place at a time (the stack, a shard, a mailbox,
 * or a hand), an overflowing shard drops it for the GC, and acquire never fails. The carrier thread
 * {@linkplain #flush flushes} the stack before it ends, so no envelope leaves the pool's account with
 * it: the pool counts the envelopes here as spare ({@link #size}).
 *
 * <p>Threads: confined to its carrier thread, except {@link #size}, which the pool's statistics read
 * from any thread (an opaque read of the owner's count). Hits are counted here, under the home shard
 * of the actor the envelope was for (the stack mixes shards), and added to the pool's counters at each
 * spill, every {@value #PUBLISH_EVERY} hits and at the flush, so they lag by at most that much.
 */
final class ThreadCache implements EnvelopeCache {

    /** Envelopes a thread keeps: two batches, so a refill or spill leaves room both ways. */
    static final int CAPACITY = 64;
    /** Envelopes a refill takes and a spill returns. */
    static final int BATCH = CAPACITY / 2;
    static final int PUBLISH_EVERY = 4096;

    private static final VarHandle COUNT;

    static {
        try {
            COUNT = MethodHandles.lookup().findVarHandle(ThreadCache.class, "count", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final ShardedEnvelopePool pool;
    private final Envelope[] spare = new Envelope[CAPACITY];
    /** Written by the owner only (plainly); read by the pool's statistics with an opaque read. */
    private int count;
    /** Per shard: acquires served here since the last publication. */
    private final long[] hits;
    private int unpublished;

    ThreadCache(ShardedEnvelopePool pool, int shards) {
        this.pool = pool;
        this.hits = new long[shards];
    }

    boolean belongsTo(ShardedEnvelopePool candidate) {
        return pool == candidate;
    }

    @Override
    public boolean isRetired() {
        return pool.isRetired();
    }

    /** @return a spare envelope for an actor of home shard {@code home}, or {@code null}: the pool allocates */
    Envelope acquire(int home) {
        if (count == 0) {
            count = pool.refill(home, spare, BATCH);
            if (count == 0) {
                return null;
            }
        }
        Envelope envelope = spare[--count];
        spare[count] = null;
        hits[home]++;
        if (++unpublished == PUBLISH_EVERY) {
            publish();
        }
        return envelope;
    }

    /** Keeps a reset envelope; a full stack first sends its older half back to their home shards. */
    void release(Envelope envelope) {
        if (count == CAPACITY) {
            spill(BATCH);
        }
        spare[count++] = envelope;
    }

    /** @return the envelopes kept now; any thread (the pool's statistics) */
    int size() {
        return loCount();
    }

    /** The count the owner wrote last, whole, from any thread (see io.github.rota.spi.pool for the names). */
    private int loCount() {
        return (int) COUNT.getOpaque(this);
    }

    /** The carrier ends: everything goes back to the shards, and the pool stops counting this cache. */
    @Override
    public void flush() {
        spill(count);
        publish();
        pool.forget(this);
    }

    /** Sends the oldest {@code n} envelopes back to their home shards, a run of one shard in one claim. */
    private void spill(int n) {
        int from = 0;
        while (from < n) {
            int home = pool.shardOf(spare[from]);
            int to = from + 1;
            while (to < n && pool.shardOf(spare[to]) == home) {
                to++;
            }
            pool.spill(home, spare, from, to - from);
            Arrays.fill(spare, from, to, null); // handed over: nothing here may hand them out again
            from = to;
        }
        System.arraycopy(spare, n, spare, 0, count - n);
        Arrays.fill(spare, count - n, count, null);
        count -= n;
        if (n == BATCH) {
            publish();
        }
    }

    private void publish() {
        pool.countHits(hits);
        Arrays.fill(hits, 0);
        unpublished = 0;
    }
}
