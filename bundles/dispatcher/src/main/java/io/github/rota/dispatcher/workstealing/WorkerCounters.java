package io.github.rota.dispatcher.workstealing;

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

    private final long[] values = new long[PAD + Counter.values().length + PAD];

    /** Owner only. */
    void add(Counter counter, long delta) {
        int i = PAD + counter.ordinal();
        VALUES.setOpaque(values, i, (long) VALUES.getOpaque(values, i) + delta);
    }

    /** Owner only. */
    void increment(Counter counter) {
        add(counter, 1);
    }

    /** Any thread. */
    long get(Counter counter) {
        return (long) VALUES.getOpaque(values, PAD + counter.ordinal());
    }
}
