package io.github.rota.management;

import io.github.rota.api.management.EnvelopePoolMXBean;
import io.github.rota.spi.pool.EnvelopePool;
import io.github.rota.spi.pool.EnvelopePoolStats;

/** The {@link EnvelopePoolMXBean} of one envelope pool: a fresh snapshot per read. */
final class EnvelopePoolMBean implements EnvelopePoolMXBean {

    private final EnvelopePool pool;

    EnvelopePoolMBean(EnvelopePool pool) {
        this.pool = pool;
    }

    EnvelopePool pool() {
        return pool;
    }

    @Override
    public int getShards() {
        return stats().shards();
    }

    @Override
    public int getCapacity() {
        return stats().capacity();
    }

    @Override
    public long getHits() {
        return stats().totalHits();
    }

    @Override
    public long getMisses() {
        return stats().totalMisses();
    }

    @Override
    public long getDrops() {
        return stats().totalDrops();
    }

    @Override
    public long getSize() {
        return stats().totalSize();
    }

    @Override
    public long[] getShardHits() {
        return stats().hits();
    }

    @Override
    public long[] getShardMisses() {
        return stats().misses();
    }

    @Override
    public long[] getShardDrops() {
        return stats().drops();
    }

    @Override
    public int[] getShardSizes() {
        return stats().sizes();
    }

    private EnvelopePoolStats stats() {
        return pool.stats();
    }
}
