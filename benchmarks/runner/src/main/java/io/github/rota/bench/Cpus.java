package io.github.rota.bench;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;

/**
 * The CPUs this process may run on and how busy the machine kept them, from Linux's {@code /proc}: the
 * runner pins a workload JVM to the first N of them for an N-core run, and a round's noise is the CPU
 * time others took on them. Off Linux there is nothing to read, and both are absent.
 */
final class Cpus {

    /** {@code /proc/stat} counts in USER_HZ ticks, 100 per second on every Linux the JDK runs on. */
    private static final long NANOS_PER_TICK = 10_000_000;
    private static final Path STATUS = Path.of("/proc/self/status");
    private static final Path STAT = Path.of("/proc/stat");
    private static final Path TASKS = Path.of("/proc/self/task");

    private final BitSet allowed;

    private Cpus(BitSet allowed) {
        this.allowed = allowed;
    }

    /** @return the CPUs this process may run on, or empty where {@code /proc} does not say */
    static Optional<Cpus> ofThisProcess() {
        try {
            for (String line : Files.readAllLines(STATUS)) {
                if (line.startsWith("Cpus_allowed_list:")) {
                    return Optional.of(new Cpus(parseList(line.substring(line.indexOf(':') + 1).trim())));
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or a /proc we cannot read: no pinning, no noise figure
        }
        return Optional.empty();
    }

    /** Parses a CPU list as the kernel prints it, e.g. {@code 0-3,8,10-11}. */
    static BitSet parseList(String list) {
        BitSet cpus = new BitSet();
        try {
            for (String part : list.split(",")) {
                int dash = part.indexOf('-');
                int from = Integer.parseInt(part.substring(0, dash < 0 ? part.length() : dash).trim());
                int to = dash < 0 ? from : Integer.parseInt(part.substring(dash + 1).trim());
                cpus.set(from, to + 1);
            }
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a CPU list: '" + list + "'", e);
        }
        if (cpus.isEmpty()) {
            throw new IllegalArgumentException("no CPU in '" + list + "'");
        }
        return cpus;
    }

    int count() {
        return allowed.cardinality();
    }

    /** @return the first {@code n} CPUs as a list for {@code taskset -c}, e.g. {@code 0,1} */
    String first(int n) {
        if (n < 1 || n > count()) {
            throw new IllegalArgumentException("this process may use " + count() + " CPUs, not " + n);
        }
        List<String> cpus = new ArrayList<>();
        for (int cpu = allowed.nextSetBit(0); cpus.size() < n; cpu = allowed.nextSetBit(cpu + 1)) {
            cpus.add(Integer.toString(cpu));
        }
        return String.join(",", cpus);
    }

    /**
     * @return nanoseconds the allowed CPUs have spent busy since boot, whoever ran on them (user, nice,
     *         system, interrupts, and the time a hypervisor gave to other guests); -1 if unreadable
     */
    long busyNanos() {
        try {
            long ticks = 0;
            for (String line : Files.readAllLines(STAT)) {
                if (!line.startsWith("cpu") || line.startsWith("cpu ")) {
                    continue;
                }
                String[] f = line.trim().split("\\s+");
                int cpu = Integer.parseInt(f[0].substring(3));
                if (allowed.get(cpu)) {
                    // user nice system idle iowait irq softirq steal (guest time is inside user)
                    ticks += Long.parseLong(f[1]) + Long.parseLong(f[2]) + Long.parseLong(f[3])
                            + Long.parseLong(f[6]) + Long.parseLong(f[7]) + Long.parseLong(f[8]);
                }
            }
            return ticks * NANOS_PER_TICK;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /**
     * @return nanoseconds the threads of this process that are alive now have run, to the nanosecond
     *         (the scheduler's own account, {@code /proc/self/task/N/schedstat}); -1 if unreadable. The
     *         JVM's process CPU time counts in 10 ms ticks here, too coarse for one round.
     */
    static long liveThreadsCpuNanos() {
        long sum = 0;
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
            for (Path task : tasks) {
                try {
                    String stat = Files.readString(task.resolve("schedstat"));
                    sum += Long.parseLong(stat.substring(0, stat.indexOf(' ')));
                } catch (NoSuchFileException ended) {
                    // the thread ended while we listed them
                }
            }
            return sum;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
