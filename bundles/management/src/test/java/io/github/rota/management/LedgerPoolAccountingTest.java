package io.github.rota.management;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.github.rota.api.Actor;
import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.Props;
import io.github.rota.api.Settings;
import io.github.rota.testkit.DeliveryLedger;
import io.github.rota.testkit.DeliveryLedger.Tracked;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The testkit's ledger reads the envelope pool's MBean to check that every envelope came back: an
 * envelope still on its way when the last tracked message is accounted for is in use, not leaked.
 */
class LedgerPoolAccountingTest {

    private final ActorSystem system = ActorSystem.create("ledger-pool", Settings.empty().with("rota.pool.enabled", "true"));

    @AfterEach
    void terminate() throws Exception {
        system.terminate().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }

    @Test
    void anEnvelopeStillInAMailboxWhenTheLastMessageIsAccountedForIsWaitedFor() throws Exception {
        DeliveryLedger ledger = DeliveryLedger.attach(system);
        CountDownLatch busy = new CountDownLatch(1);
        CountDownLatch forwarded = new CountDownLatch(1);
        ActorRef<Object> slow = system.spawn(Props.create(() -> (Actor<Object>) c -> busy.await()), "slow");
        ActorRef<Tracked> receiver = system.spawn(Props.create(() -> (Actor<Tracked>) c -> {
            ledger.handled(c.message());
            slow.tell("forwarded"); // waits in the busy actor's mailbox, in an envelope from the pool
            forwarded.countDown();
        }), "receiver");
        slow.tell("hold");
        receiver.tell(ledger.next(1, receiver));
        assertThat(forwarded.await(30, TimeUnit.SECONDS)).isTrue();

        AtomicReference<Thread> settling = new AtomicReference<>();
        CompletableFuture<DeliveryLedger.Report> report = CompletableFuture.supplyAsync(() -> {
            settling.set(Thread.currentThread());
            try {
                return ledger.settle(Duration.ofSeconds(30));
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        // The busy actor takes the envelope only once the settle is waiting for it (or has given up on it).
        await().until(() -> report.isDone()
                || (settling.get() != null && settling.get().getState() == Thread.State.TIMED_WAITING));
        busy.countDown();

        assertThat(report.get(30, TimeUnit.SECONDS).assertExact().envelopesOutstanding()).isZero();
    }

    @Test
    void anEnvelopeThatNeverComesBackIsReportedOutstanding() throws Exception {
        DeliveryLedger ledger = DeliveryLedger.attach(system);
        CountDownLatch busy = new CountDownLatch(1);
        CountDownLatch holding = new CountDownLatch(1);
        ActorRef<Object> stuck = system.spawn(Props.create(() -> (Actor<Object>) c -> {
            holding.countDown();
            busy.await();
        }), "stuck");
        stuck.tell("hold");
        assertThat(holding.await(30, TimeUnit.SECONDS)).isTrue();
        stuck.tell("never taken before the settle gives up");
        try {
            assertThat(ledger.settle(Duration.ofMillis(300)).envelopesOutstanding()).isEqualTo(1);
        } finally {
            busy.countDown();
        }
    }
}
