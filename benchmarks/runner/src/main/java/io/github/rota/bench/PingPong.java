package io.github.rota.bench;

import io.github.rota.bench.spi.Contender;
import io.github.rota.bench.spi.Ref;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * {@code pingpong-1} and {@code pingpong-pairs}: each pinger volleys one ball with its ponger,
 * one message in flight per pair; every {@value #SAMPLE_EVERY}th round trip is timed.
 */
final class PingPong implements Workload {

    private static final int SAMPLE_EVERY = 8;
    /** Messages. */
    private enum Ball { BALL, SERVE }

    private final String name;
    private final int pairs;
    private final int baseRoundTrips;
    private final List<Pinger> pingers = new ArrayList<>();
    private final List<Ref<Object>> pingerRefs = new ArrayList<>();
    private int roundTrips;

    PingPong(String name, int pairs, int roundTripsPerPair) {
        this.name = name;
        this.pairs = pairs;
        this.baseRoundTrips = roundTripsPerPair;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void setUp(Contender contender, double scale) {
        roundTrips = Math.max(SAMPLE_EVERY, (int) (baseRoundTrips * scale));
        for (int p = 0; p < pairs; p++) {
            Ref<Object> ponger = contender.spawn("pong-" + p, (context, message) -> context.reply(message));
            Pinger pinger = new Pinger(ponger);
            pingers.add(pinger);
            pingerRefs.add(contender.spawn("ping-" + p, pinger::receive));
        }
    }

    @Override
    public Outcome round(Window window, Histogram latencies) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(pairs);
        for (Pinger pinger : pingers) {
            pinger.reset(roundTrips, done);
        }
        window.open();
        for (Ref<Object> pinger : pingerRefs) {
            pinger.tell(Ball.SERVE);
        }
        if (!done.await(5, TimeUnit.MINUTES)) {
            throw new IllegalStateException(name + ": the volleys did not finish");
        }
        window.close();
        for (Pinger pinger : pingers) {
            pinger.addLatenciesTo(latencies);
        }
        return Outcome.of(2L * pairs * roundTrips);
    }

    /**
     * Serves, counts returns, times a sample of round trips. The samples go to an array of the
     * pinger's own, into the round's histogram only once the round is over: the pingers' histograms,
     * written during the round, could share cache lines once a collection had moved them side by side,
     * and pairs running on two cores would then trade those lines every few round trips.
     */
    private static final class Pinger {
        private final Ref<Object> ponger;
        private long[] samples;
        private int sampled;
        private int remaining;
        private long sentAt;
        private boolean timing;
        private CountDownLatch done;
        private Ref<Object> self;

        Pinger(Ref<Object> ponger) {
            this.ponger = ponger;
        }

        /** Called before the round's serve, which publishes these writes to the actor. */
        void reset(int roundTrips, CountDownLatch latch) {
            remaining = roundTrips;
            done = latch;
            samples = new long[roundTrips / SAMPLE_EVERY + 1];
            sampled = 0;
            timing = false;
        }

        void addLatenciesTo(Histogram latencies) {
            for (int i = 0; i < sampled; i++) {
                latencies.recordValue(samples[i]);
            }
        }

        void receive(io.github.rota.bench.spi.Context<Object> context, Object message) {
            if (self == null) {
                self = context.self();
            }
            if (message == Ball.BALL) {
                if (timing) {
                    samples[sampled++] = System.nanoTime() - sentAt;
                    timing = false;
                }
                if (--remaining == 0) {
                    done.countDown();
                    return;
                }
            }
            if (remaining % SAMPLE_EVERY == 0) {
                timing = true;
                sentAt = System.nanoTime();
            }
            ponger.tell(Ball.BALL, self);
        }
    }
}
