package io.github.rota.benchmarks.jmh;

import io.github.rota.api.Actor;
import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.Props;
import io.github.rota.api.ReceiveContext;
import io.github.rota.api.Settings;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Tell + receive in steady state with the envelope pool on and off, on the default dispatcher.
 * The message is one preallocated object, so with the pool on {@code gc.alloc.rate.norm} shows
 * what the messaging path itself allocates per message.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class EnvelopePoolBenchmark {

    static final int BATCH = 10_000;

    /** The only message: allocated once. */
    enum Tick { TICK }

    @Param({"false", "true"})
    public boolean pool;

    private ActorSystem system;
    private ActorRef<Tick> receiver;
    private final AtomicLong received = new AtomicLong();

    @Setup(Level.Trial)
    public void start() {
        system = ActorSystem.create("pool-bench", Settings.empty().with("rota.pool.enabled", pool));
        receiver = system.spawn(Props.create(() -> new Counter(received)), "receiver");
    }

    @TearDown(Level.Trial)
    public void stop() throws Exception {
        system.terminate().toCompletableFuture().get(1, TimeUnit.MINUTES);
    }

    /** A batch of tells from outside, then wait until the actor has handled all of them. */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void tellAndReceive() {
        long target = received.get() + BATCH;
        for (int i = 0; i < BATCH; i++) {
            receiver.tell(Tick.TICK);
        }
        while (received.get() < target) {
            Thread.onSpinWait();
        }
    }

    private static final class Counter implements Actor<Tick> {
        private final AtomicLong received;

        Counter(AtomicLong received) {
            this.received = received;
        }

        @Override
        public void receive(ReceiveContext<Tick> context) {
            received.lazySet(received.get() + 1); // single writer
        }
    }
}
