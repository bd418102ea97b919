package io.github.rota.benchmarks.jmh;

import io.github.rota.api.Actor;
import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.Props;
import io.github.rota.api.ReceiveContext;
import io.github.rota.api.Settings;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
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
 * The dispatcher kinds side by side on the workloads that separate them. Each invocation moves
 * {@value #MESSAGES} messages and waits until the last one has been handled, so a score is the
 * time per message handled (not per send). {@code -prof gc} gives the allocation per message.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class DispatcherBenchmark {

    static final int MESSAGES = 100_000;
    static final int PAIRS = 4;
    static final int RING = 503;
    static final int FAN_OUT = 1_000;
    static final int SENDERS = 4;
    /**
     * How many messages the four senders may have sent that the hot receiver has not handled yet.
     * Without a bound, senders that outrun the receiver queue millions of messages, and the figure
     * becomes the cost of collecting that backlog (seconds of GC in some forks, none in others), not
     * of a hand-off.
     */
    static final int HOT_WINDOW = 16_384;
    /** Senders and the receiver exchange progress once per this many messages, so that it costs nothing measurable. */
    static final int HOT_STRIDE = 256;

    /** A message with no payload, so no boxing is measured. */
    enum Ball { BALL }

    @Param({"work-stealing", "executor"})
    public String kind;

    private ActorSystem system;
    private volatile CountDownLatch done;
    /** Round trips each pinger makes in the current invocation. */
    private volatile int roundTrips;
    private final AtomicLong tokenHops = new AtomicLong();

    private List<ActorRef<Ball>> pingers;
    private List<ActorRef<Ball>> pongers;
    private List<ActorRef<Ball>> ring;
    private ActorRef<Ball> fanOutProducer;
    private ActorRef<Ball> hotReceiver;
    private ExecutorService senders;
    /** Messages the senders have sent to the hot receiver, counted a stride at a time. */
    private final AtomicLong hotSent = new AtomicLong();
    /** Messages the hot receiver has handled, published a stride at a time. */
    private volatile long hotHandled;

    @Setup(Level.Trial)
    public void start() {
        system = ActorSystem.create("bench", Settings.empty().with("rota.dispatcher.default.kind", kind));
        pingers = new ArrayList<>();
        pongers = new ArrayList<>();
        for (int p = 0; p < PAIRS; p++) {
            pingers.add(system.spawn(Props.create(Pinger::new), "ping-" + p));
            pongers.add(system.spawn(Props.create(() -> (Actor<Ball>) DispatcherBenchmark::returnBall), "pong-" + p));
        }
        ring = new ArrayList<>();
        for (int i = 0; i < RING; i++) {
            ring.add(system.spawn(Props.create(() -> new RingMember(MESSAGES)), "ring-" + i));
        }
        ActorRef<Ball> collector = system.spawn(Props.create(() -> new Counter(MESSAGES)), "collector");
        List<ActorRef<Ball>> workers = new ArrayList<>();
        for (int i = 0; i < FAN_OUT; i++) {
            workers.add(system.spawn(Props.create(() -> (Actor<Ball>) context -> collector.tell(Ball.BALL)), "worker-" + i));
        }
        fanOutProducer = system.spawn(Props.create(() -> (Actor<Ball>) context -> {
            for (int i = 0; i < MESSAGES; i++) {
                workers.get(i % FAN_OUT).tell(Ball.BALL);
            }
        }), "producer");
        hotReceiver = system.spawn(Props.create(HotReceiver::new), "hot");
        senders = Executors.newFixedThreadPool(SENDERS);
    }

    @TearDown(Level.Trial)
    public void stop() throws Exception {
        senders.shutdownNow();
        system.terminate().toCompletableFuture().get(1, TimeUnit.MINUTES);
    }

    private CountDownLatch expect(int completions) {
        CountDownLatch latch = new CountDownLatch(completions);
        done = latch;
        return latch;
    }

    /** One pair volleying one ball: request/reply latency with one message in flight. */
    @Benchmark
    @OperationsPerInvocation(MESSAGES)
    public void pingPongOnePair() throws InterruptedException {
        roundTrips = MESSAGES / 2;
        CountDownLatch latch = expect(1);
        pingers.get(0).tell(Ball.BALL, pongers.get(0));
        latch.await();
    }

    /** Four independent pairs at once: does parallel request/reply scale, or serialise? */
    @Benchmark
    @OperationsPerInvocation(MESSAGES)
    public void pingPongFourPairs() throws InterruptedException {
        roundTrips = MESSAGES / 2 / PAIRS;
        CountDownLatch latch = expect(PAIRS);
        for (int p = 0; p < PAIRS; p++) {
            pingers.get(p).tell(Ball.BALL, pongers.get(p));
        }
        latch.await();
    }

    /** One token around 503 actors: every hop wakes a different actor. */
    @Benchmark
    @OperationsPerInvocation(MESSAGES)
    public void tokenRing() throws InterruptedException {
        CountDownLatch latch = expect(1);
        ring.get(0).tell(Ball.BALL);
        latch.await();
    }

    /** One actor sends round-robin to 1,000 actors, which each ack to one collector. */
    @Benchmark
    @OperationsPerInvocation(MESSAGES)
    public void fanOut() throws InterruptedException {
        CountDownLatch latch = expect(1);
        fanOutProducer.tell(Ball.BALL);
        latch.await();
    }

    /** Four outside threads send to one actor, at most {@link #HOT_WINDOW} messages ahead of it. */
    @Benchmark
    @OperationsPerInvocation(MESSAGES)
    public void fourSendersOneReceiver() throws InterruptedException {
        CountDownLatch latch = expect(1);
        for (int s = 0; s < SENDERS; s++) {
            senders.execute(() -> {
                int messages = MESSAGES / SENDERS;
                for (int i = 0; i < messages; i++) {
                    if (i % HOT_STRIDE == 0) {
                        // Counts the stride about to be sent, exactly: an overcount would add up over invocations.
                        long sent = hotSent.addAndGet(Math.min(HOT_STRIDE, messages - i));
                        while (sent - hotHandled > HOT_WINDOW) {
                            Thread.yield(); // the receiver is behind: let it run
                        }
                    }
                    hotReceiver.tell(Ball.BALL);
                }
            });
        }
        latch.await();
    }

    /** Serves the ball back and forth; after {@link #roundTrips} returns the volley is over. */
    private final class Pinger implements Actor<Ball> {
        private int count;

        @Override
        public void receive(ReceiveContext<Ball> context) {
            if (++count == roundTrips) {
                count = 0;
                done.countDown();
            } else {
                returnBall(context);
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static void returnBall(ReceiveContext<Ball> context) {
        ((ActorRef<Ball>) context.sender()).tell(Ball.BALL, context.self());
    }

    /** Passes the token to the next member; the whole ring stops after {@code hops} hops. */
    private final class RingMember implements Actor<Ball> {
        private final int hops;
        private ActorRef<Ball> next;

        RingMember(int hops) {
            this.hops = hops;
        }

        @Override
        public void receive(ReceiveContext<Ball> context) {
            if (next == null) {
                int index = Integer.parseInt(context.self().name().substring("ring-".length()));
                next = ring.get((index + 1) % RING);
            }
            if (tokenHops.incrementAndGet() % hops == 0) {
                done.countDown();
            } else {
                next.tell(Ball.BALL);
            }
        }
    }

    /** The hot receiver: counts messages, publishes its progress to the senders, and completes an invocation every {@link #MESSAGES}. */
    private final class HotReceiver implements Actor<Ball> {
        private long count;

        @Override
        public void receive(ReceiveContext<Ball> context) {
            if (++count % HOT_STRIDE == 0) {
                hotHandled = count;
            }
            if (count % MESSAGES == 0) {
                done.countDown();
            }
        }
    }

    /** Counts messages; every {@code batch} of them completes one invocation. */
    private final class Counter implements Actor<Ball> {
        private final int batch;
        private long count;

        Counter(int batch) {
            this.batch = batch;
        }

        @Override
        public void receive(ReceiveContext<Ball> context) {
            if (++count % batch == 0) {
                done.countDown();
            }
        }
    }
}
