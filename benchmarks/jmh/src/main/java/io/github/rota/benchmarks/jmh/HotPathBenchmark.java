package io.github.rota.benchmarks.jmh;

import io.github.rota.api.Actor;
import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.Props;
import io.github.rota.api.ReceiveContext;
import io.github.rota.api.Settings;
import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.DispatcherConfig;
import io.github.rota.spi.dispatch.DispatcherProvider;
import io.github.rota.spi.dispatch.DispatcherSpec;
import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.dispatch.Turn;
import java.util.Map;
import java.util.ServiceLoader;
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
 * The hot paths one at a time, on each dispatcher kind: a tell to an idle actor (it must be woken:
 * the time until it has handled the message), tells to a busy actor (the mailbox path only, per
 * message of a batch), and the dispatcher's own schedule from outside (a wake-up) and from one of
 * its workers (the next-actor slot), per schedule and turn.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class HotPathBenchmark {

    static final int BATCH = 10_000;

    /** The only message: allocated once. */
    enum Tick { TICK }

    @Param({"work-stealing", "executor"})
    public String kind;

    private ActorSystem system;
    private ActorRef<Tick> actor;
    private Dispatcher dispatcher;
    private final AtomicLong handled = new AtomicLong();
    private final AtomicLong turns = new AtomicLong();
    private final Schedulable counting = (Turn turn) -> {
        turns.lazySet(turns.get() + 1); // one turn at a time: a single writer
        return false;
    };

    @Setup(Level.Trial)
    public void start() {
        system = ActorSystem.create("hot-path", Settings.empty().with("rota.dispatcher.default.kind", kind));
        actor = system.spawn(Props.create(() -> new Counter(handled)), "counter");
        // The schedule benchmarks drive a dispatcher of the same kind directly, through the SPI.
        DispatcherProvider provider = ServiceLoader.load(DispatcherProvider.class).stream().map(ServiceLoader.Provider::get)
                .filter(p -> p.kind().equals(kind)).findFirst().orElseThrow();
        dispatcher = provider.create(new DispatcherConfig("hot-path", "schedules", DispatcherSpec.DEFAULT_THROUGHPUT, Map.of()));
        dispatcher.start();
    }

    @TearDown(Level.Trial)
    public void stop() throws Exception {
        dispatcher.stop();
        system.terminate().toCompletableFuture().get(1, TimeUnit.MINUTES);
    }

    /** One tell to an idle actor, until it has been handled: includes waking a worker. */
    @Benchmark
    public void tellToIdleActor() {
        long target = handled.get() + 1;
        actor.tell(Tick.TICK);
        while (handled.get() < target) {
            Thread.onSpinWait();
        }
    }

    /** A batch of tells to an actor kept busy by the batch itself, until all are handled. */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void tellToBusyActor() {
        long target = handled.get() + BATCH;
        for (int i = 0; i < BATCH; i++) {
            actor.tell(Tick.TICK);
        }
        while (handled.get() < target) {
            Thread.onSpinWait();
        }
    }

    /** Schedule from a non-worker thread and wait for the turn: the external queue and a wake-up. */
    @Benchmark
    public void scheduleFromOutside() {
        long target = turns.get() + 1;
        dispatcher.schedule(counting);
        while (turns.get() < target) {
            Thread.onSpinWait();
        }
    }

    /** A chain of schedules, each made by the previous turn on a worker: the in-pool path. */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void scheduleFromWorker() {
        Chain chain = new Chain(dispatcher, BATCH);
        dispatcher.schedule(chain);
        while (!chain.done) {
            Thread.onSpinWait();
        }
    }

    /** Schedules the next link from inside its own turn until none are left. */
    private static final class Chain implements Schedulable {
        private final Dispatcher dispatcher;
        private int remaining;
        volatile boolean done;

        Chain(Dispatcher dispatcher, int links) {
            this.dispatcher = dispatcher;
            this.remaining = links;
        }

        @Override
        public boolean runTurn(Turn turn) {
            if (--remaining == 0) {
                done = true;
            } else {
                dispatcher.schedule(this);
            }
            return false;
        }
    }

    private static final class Counter implements Actor<Tick> {
        private final AtomicLong handled;

        Counter(AtomicLong handled) {
            this.handled = handled;
        }

        @Override
        public void receive(ReceiveContext<Tick> context) {
            handled.lazySet(handled.get() + 1); // single writer
        }
    }
}
