package io.github.rota.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.github.rota.api.Actor;
import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.DeadLetter;
import io.github.rota.api.Props;
import io.github.rota.api.Settings;
import io.github.rota.testkit.DeliveryLedger;
import io.github.rota.testkit.DeliveryLedger.Tracked;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The testkit's ledger against the real runtime: it adds up when delivery is right, and says so when it is not. */
class DeliveryLedgerTest {

    private final ActorSystem system = ActorSystem.create("ledger", Settings.empty());

    @AfterEach
    void terminate() throws Exception {
        system.terminate().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }

    @Test
    void messagesToAStoppedActorAreAccountedAsDeadLettersByReason() throws Exception {
        DeliveryLedger ledger = DeliveryLedger.attach(system);
        ActorRef<Tracked> receiver = system.spawn(Props.create(() -> (Actor<Tracked>) c -> ledger.handled(c.message())), "r");
        for (int i = 0; i < 100; i++) {
            receiver.tell(ledger.next(1, receiver));
        }
        ledger.settle(Duration.ofSeconds(10)).assertExact();
        system.stop(receiver);
        await().until(() -> system.status().liveActors() == 1); // the user guardian only
        for (int i = 0; i < 50; i++) {
            receiver.tell(ledger.next(1, receiver));
        }

        DeliveryLedger.Report report = ledger.settle(Duration.ofSeconds(10)).assertExact();
        assertThat(report.sent()).isEqualTo(150);
        assertThat(report.handled()).isEqualTo(100);
        assertThat(report.deadLetters()).containsEntry(DeadLetter.Reason.RECIPIENT_STOPPED, 50L);
    }

    @Test
    void aMessageNeverSentIsLostAndTheReportSaysSo() throws Exception {
        DeliveryLedger ledger = DeliveryLedger.attach(system);
        ActorRef<Tracked> receiver = system.spawn(Props.create(() -> (Actor<Tracked>) c -> ledger.handled(c.message())), "r");
        ledger.next(1, receiver); // numbered, never sent
        receiver.tell(ledger.next(1, receiver));

        DeliveryLedger.Report report = ledger.settle(Duration.ofMillis(300));
        assertThat(report.lost()).isEqualTo(1);
        assertThatThrownBy(report::assertExact).hasMessageContaining("lost=1");
    }

    @Test
    void aMessageHandledTwiceOrOutOfOrderIsReported() throws Exception {
        DeliveryLedger ledger = DeliveryLedger.attach(system);
        ActorRef<Tracked> receiver = system.spawn(Props.create(() -> (Actor<Tracked>) c -> ledger.handled(c.message())), "r");
        Tracked first = ledger.next(1, receiver);
        Tracked second = ledger.next(1, receiver);
        ledger.handled(second);
        ledger.handled(first);
        ledger.handled(first);

        DeliveryLedger.Report report = ledger.settle(Duration.ofSeconds(1));
        assertThat(report.reordered()).containsExactly("1 -> rota://ledger/user/r: #0 after #1");
        assertThat(report.duplicates()).containsExactly("1 -> rota://ledger/user/r: #0");
        assertThat(report.exact()).isFalse();
    }
}
