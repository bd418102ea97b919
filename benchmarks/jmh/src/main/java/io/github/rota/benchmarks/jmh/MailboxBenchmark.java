package io.github.rota.benchmarks.jmh;

import io.github.rota.spi.mailbox.Mailbox;
import io.github.rota.spi.mailbox.MailboxConfig;
import io.github.rota.spi.mailbox.MailboxType;
import io.github.rota.spi.pool.Envelope;
import io.github.rota.spi.pool.EnvelopePool;
import io.github.rota.spi.pool.EnvelopePoolProvider;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Single-threaded costs of the building blocks: each mailbox type's enqueue + dequeue of one
 * pooled envelope, and the envelope pool's acquire + release. (The priority types need an ordering
 * from configuration and are left out. {@code poolAcquireRelease} does not use the mailbox, but JMH
 * still runs it once per {@code mailboxType}: read any one of its rows.)
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class MailboxBenchmark {

    private static final Object MESSAGE = "message";

    @Param({"unbounded", "bounded", "unbounded-array", "control-aware", "per-sender-fair"})
    public String mailboxType;

    private EnvelopePool pool;
    private Mailbox mailbox;

    @Setup(Level.Trial)
    public void setUp() {
        pool = ServiceLoader.load(EnvelopePoolProvider.class).findFirst().orElseThrow().create(Map.of());
        MailboxType type = ServiceLoader.load(MailboxType.class).stream().map(ServiceLoader.Provider::get)
                .filter(t -> t.id().equals(mailboxType)).findFirst().orElseThrow();
        mailbox = type.configure(new MailboxConfig(mailboxType, Map.of())).create(pool);
    }

    /** One message in and out; the mailbox returns envelopes to the pool by its recycle policy. */
    @Benchmark
    public Object enqueueDequeue() {
        mailbox.enqueue(pool.acquire(0).fill(MESSAGE, null));
        return mailbox.dequeue().message();
    }

    /** An envelope from its home shard and back; the mailbox type does not matter here. */
    @Benchmark
    public Envelope poolAcquireRelease(PoolOnly state) {
        Envelope envelope = state.pool.acquire(0);
        state.pool.release(envelope);
        return envelope;
    }

    /** The pool alone, so that its benchmark is not repeated for every mailbox type. */
    @State(Scope.Thread)
    public static class PoolOnly {
        EnvelopePool pool;

        @Setup(Level.Trial)
        public void setUp() {
            pool = ServiceLoader.load(EnvelopePoolProvider.class).findFirst().orElseThrow().create(Map.of());
        }
    }
}
