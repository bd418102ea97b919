package io.github.rota.dispatcher.workstealing;

import io.github.rota.api.DispatcherCounter;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One worker's counters. Written only by the owning worker (opaque stores: no fence, but never
 * torn or elided), read by anyone (opaque loads) and summed across workers. Padding on both sides
 * keeps two workers' counters off one cache line.
 */
final class WorkerCounters {

    private static final VarHandle VALUES = MethodHandles.arrayElementVarHandle(long[].class);
    /** A cache line of longs on either side. */
    private static final int PAD = 8;

    private final long[] values = new long[PAD + DispatcherCounter.values().length + PAD];

    /** Owner only. */
    void add(DispatcherCounter counter, long delta) {
        int i = PAD + counter.ordinal();
        sopValue(i, loValue(i) + delta);
    }

    /** Owner only. */
    void increment(DispatcherCounter counter) {
        add(counter, 1);
    }

    /** Any thread. */
    long get(DispatcherCounter counter) {
        return loValue(PAD + counter.ordinal());
    }

    // Accessors named for their ordering (see io.github.rota.spi.pool).

    private long loValue(int index) {
        return (long) VALUES.getOpaque(values, index);
    }

    private void sopValue(int index, long value) {
        VALUES.setOpaque(values, index, value);
    }
}
