package io.github.rota.bench;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Optional;

/**
 * What a round costs besides its wall-clock time, read when its window opens and when it closes: the
 * JVM's CPU time, the bytes every thread allocated (threads that ended meanwhile included), the
 * collectors' time, and how much of the CPUs this JVM may use other processes took meanwhile (the
 * round's noise).
 */
final class RoundMeter {

    /** The JVM's process CPU time is counted in ticks: a difference is only this exact. */
    private static final long CPU_TICK_NANOS = 10_000_000;

    /**
     * The counters at one instant.
     *
     * @param processCpuNanos the JVM's CPU time, every thread's that ever ran, in 10 ms ticks
     * @param threadsCpuNanos the CPU time of the threads alive now, to the nanosecond; -1 where unknown
     */
    record Reading(long nanos, long processCpuNanos, long threadsCpuNanos, long allocatedBytes, long gcMillis,
                   long machineBusyNanos) {
    }

    private final com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    private final List<GarbageCollectorMXBean> collectors = ManagementFactory.getGarbageCollectorMXBeans();
    private final Optional<Cpus> cpus = Cpus.ofThisProcess();
    /**
     * {@code getTotalThreadAllocatedBytes()}, which JDK 21 added (and late JDK 17 updates carry) but the
     * Java 17 API this module compiles against lacks: looked up on the JVM that runs the round.
     */
    private final Optional<MethodHandle> totalAllocated = totalAllocatedBytes(threads);

    /** Reads the clock last, so the slower reads (a file, the MXBeans) stay out of the window. */
    Reading atOpen() {
        long busy = machineBusyNanos();
        long gc = gcMillis();
        long allocated = allocatedBytes();
        long processCpu = os.getProcessCpuTime();
        long threadsCpu = Cpus.liveThreadsCpuNanos();
        return new Reading(System.nanoTime(), processCpu, threadsCpu, allocated, gc, busy);
    }

    /** Reads the clock first, for the same reason. */
    Reading atClose() {
        long nanos = System.nanoTime();
        long threadsCpu = Cpus.liveThreadsCpuNanos();
        long processCpu = os.getProcessCpuTime();
        long allocated = allocatedBytes();
        return new Reading(nanos, processCpu, threadsCpu, allocated, gcMillis(), machineBusyNanos());
    }

    /**
     * The JVM's CPU time between two readings: the live threads' exact figure, unless the process's
     * ticks show more than their own error beyond it (threads that ended meanwhile took their time
     * with them) or it is negative (a thread counted at the open ended before the close), or where
     * only the ticks are known.
     */
    static long cpuNanos(Reading open, Reading close) {
        long ticks = close.processCpuNanos() - open.processCpuNanos();
        if (open.threadsCpuNanos() < 0 || close.threadsCpuNanos() < 0) {
            return ticks;
        }
        long exact = close.threadsCpuNanos() - open.threadsCpuNanos();
        return exact < 0 || ticks - exact > 2 * CPU_TICK_NANOS ? ticks : exact;
    }

    /**
     * @return the share of the allowed CPUs' time between the two readings that went to other processes
     *         (0: the machine was ours, at most 1), or NaN where the machine's busy time cannot be read.
     *         Both sides of the difference are the kernel's tick counts, taken at the same ticks, so a
     *         tick that lands on this JVM cancels out; the figure is exact to about one tick per CPU.
     */
    double noise(Reading open, Reading close) {
        if (open.machineBusyNanos() < 0 || close.machineBusyNanos() < 0) {
            return Double.NaN;
        }
        long others = (close.machineBusyNanos() - open.machineBusyNanos())
                - (close.processCpuNanos() - open.processCpuNanos());
        double capacity = (double) (close.nanos() - open.nanos()) * cpus.orElseThrow().count();
        return Math.min(1, Math.max(0, others) / capacity);
    }

    private long machineBusyNanos() {
        return cpus.map(Cpus::busyNanos).orElse(-1L);
    }

    private long gcMillis() {
        long gc = 0;
        for (GarbageCollectorMXBean collector : collectors) {
            gc += Math.max(0, collector.getCollectionTime());
        }
        return gc;
    }

    /** Every thread's allocation since the JVM started, ended threads included, where the JDK can tell. */
    private long allocatedBytes() {
        if (totalAllocated.isPresent()) {
            try {
                return (long) totalAllocated.get().invokeExact(threads);
            } catch (UnsupportedOperationException unsupported) {
                // fall through to the live threads
            } catch (Throwable unexpected) {
                throw new IllegalStateException("getTotalThreadAllocatedBytes failed", unexpected);
            }
        }
        // Live threads only: enough for the workloads, which start no thread inside a round.
        long sum = 0;
        for (long bytes : threads.getThreadAllocatedBytes(threads.getAllThreadIds())) {
            sum += Math.max(0, bytes);
        }
        return sum;
    }

    private static Optional<MethodHandle> totalAllocatedBytes(com.sun.management.ThreadMXBean threads) {
        try {
            MethodHandle handle = MethodHandles.publicLookup().findVirtual(com.sun.management.ThreadMXBean.class,
                    "getTotalThreadAllocatedBytes", MethodType.methodType(long.class));
            return Optional.of(handle.asType(MethodType.methodType(long.class, com.sun.management.ThreadMXBean.class)));
        } catch (NoSuchMethodException | IllegalAccessException olderJdk) {
            return Optional.empty();
        }
    }
}
