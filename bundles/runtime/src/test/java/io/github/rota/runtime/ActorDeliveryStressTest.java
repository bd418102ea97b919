package io.github.rota.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.github.rota.api.Actor;
import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.Props;
import io.github.rota.api.ReceiveContext;
import io.github.rota.api.Settings;
import io.github.rota.testkit.DeliveryLedger;
import io.github.rota.testkit.DeliveryLedger.Tracked;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * End-to-end delivery under contention. {@code everyMessageIsDeliveredOnceInPerSenderOrder}: 4
 * producer threads each send 100,000 messages spread over 100 actors; the {@link DeliveryLedger}
 * shows every message handled exactly once and, per (producer, actor) lane, in send order.
 * {@code pingPongPairsNeverStall}: with one message in flight per pair, every message is the last
 * one in its mailbox, so a lost wake-up (an actor going idle just as a message arrives) stalls a
 * pair for good instead of being rescued by the next message.
 */
class ActorDeliveryStressTest {

    private static final int PRODUCERS = 4;
    private static final int MESSAGES_PER_PRODUCER = 100_000;
    private static final int ACTORS = 100;

    /** Returns every ball it is sent to the sender until the rally is over. */
    private static final class Player implements Actor<Integer> {
        private final LongAdder rallies;

        Player(LongAdder rallies) {
            this.rallies = rallies;
        }

        @Override
        @SuppressWarnings("unchecked")
        public void receive(ReceiveContext<Integer> context) {
            int ball = context.message();
            if (ball == 0) {
                rallies.increment();
            } else {
                ((ActorRef<Integer>) context.sender()).tell(ball - 1, context.self());
            }
        }
    }

    @ParameterizedTest(name = "kind={0}, throughput={1}")
    @CsvSource({"work-stealing, 32", "work-stealing, 1", "executor, 32", "executor, 1"})
    void pingPongPairsNeverStall(String kind, int throughput) throws Exception {
        ActorSystem system = ActorSystem.create("pingpong", Settings.empty()
                .with("rota.dispatcher.default.kind", kind)
                .with("rota.dispatcher.default.throughput", throughput));
        try {
            int pairs = 8;
            int hits = 20_000;
            LongAdder rallies = new LongAdder();
            for (int p = 0; p < pairs; p++) {
                ActorRef<Integer> ping = system.spawn(Props.create(() -> new Player(rallies)), "ping-" + p);
                ActorRef<Integer> pong = system.spawn(Props.create(() -> new Player(rallies)), "pong-" + p);
                ping.tell(hits, pong);
            }
            await().atMost(Duration.ofMinutes(2)).until(() -> rallies.sum() == pairs);
            assertThat(system.deadLetterCount()).isZero();
        } finally {
            system.terminate().toCompletableFuture().get(30, TimeUnit.SECONDS);
        }
    }

    @ParameterizedTest(name = "kind={0}, throughput={1}, decorators={2}, pool={3}, mailbox={4}")
    @CsvSource({"work-stealing, 32, '', true, unbounded", "work-stealing, 1, '', true, unbounded",
        "executor, 32, '', true, unbounded", "executor, 1, '', true, unbounded",
        "calling-thread, 32, '', true, unbounded", "work-stealing, 32, metering, true, unbounded",
        "work-stealing, 32, '', false, unbounded", "work-stealing, 32, '', true, per-sender-fair",
        "work-stealing, 32, '', true, control-aware", "work-stealing, 32, '', true, unbounded-array",
        "work-stealing, 1, '', true, unbounded-array"})
    void everyMessageIsDeliveredOnceInPerSenderOrder(String kind, int throughput, String decorators, boolean pool,
                                                     String mailbox) throws Exception {
        ActorSystem system = ActorSystem.create("stress", Settings.empty()
                .with("rota.dispatcher.default.kind", kind)
                .with("rota.dispatcher.default.throughput", throughput)
                .with("rota.dispatcher.default.decorators", decorators)
                .with("rota.pool.enabled", pool)
                .with("rota.system.default.mailbox", mailbox));
        try {
            DeliveryLedger ledger = DeliveryLedger.attach(system);
            List<ActorRef<Tracked>> actors = new ArrayList<>();
            for (int a = 0; a < ACTORS; a++) {
                actors.add(system.spawn(Props.create(() -> (Actor<Tracked>) c -> ledger.handled(c.message())), "checker-" + a));
            }

            CyclicBarrier start = new CyclicBarrier(PRODUCERS);
            List<Thread> producers = new ArrayList<>();
            for (int p = 0; p < PRODUCERS; p++) {
                int producer = p;
                producers.add(new Thread(() -> {
                    try {
                        start.await();
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                    for (int i = 0; i < MESSAGES_PER_PRODUCER; i++) {
                        ActorRef<Tracked> target = actors.get((i * 7 + producer) % ACTORS);
                        target.tell(ledger.next(producer, target));
                    }
                }, "producer-" + p));
            }
            producers.forEach(Thread::start);
            for (Thread producer : producers) {
                producer.join();
            }

            DeliveryLedger.Report report = ledger.settle(Duration.ofMinutes(2)).assertExact();
            assertThat(report.sent()).isEqualTo((long) PRODUCERS * MESSAGES_PER_PRODUCER);
            assertThat(report.handled()).isEqualTo(report.sent());
            assertThat(system.deadLetterCount()).isZero();
        } finally {
            system.terminate().toCompletableFuture().get(30, TimeUnit.SECONDS);
        }
    }
}
