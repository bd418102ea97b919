package io.github.rota.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.ControlMessage;
import io.github.rota.api.DeadLetter;
import io.github.rota.api.Props;
import io.github.rota.api.Settings;
import io.github.rota.testkit.ActorSystemExtension;
import io.github.rota.testkit.TestProbe;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Mailbox types through the runtime: configured ids, overflow to dead letters, control first, a flood. */
class MailboxTypesTest {

    @RegisterExtension
    final ActorSystemExtension actors = ActorSystemExtension.withSettings(Settings.empty()
            .with("rota.mailbox.small.type", "bounded")
            .with("rota.mailbox.small.capacity", 4)
            .with("rota.mailbox.flooded.type", "unbounded-array")
            .with("rota.mailbox.flooded.chunk", 16));

    private record Cancel() implements ControlMessage {
    }

    @Test
    void aControlMessageOvertakesQueuedOrdinaryOnes() throws Exception {
        ActorSystem system = actors.system();
        TestProbe<Object> probe = TestProbe.create(system);
        CountDownLatch handling = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        ActorRef<Object> actor = system.spawn(Props.<Object>create(() -> context -> {
            if ("block".equals(context.message())) {
                handling.countDown();
                release.await();
            } else {
                probe.ref().tell(context.message());
            }
        }).withMailbox("control-aware"), "controlled");
        actor.tell("block");
        assertThat(handling.await(10, TimeUnit.SECONDS)).isTrue();
        actor.tell("o1");
        actor.tell("o2");
        actor.tell(new Cancel());
        release.countDown();
        assertThat(probe.receiveMessages(3)).containsExactly(new Cancel(), "o1", "o2");
    }

    @Test
    void overflowBecomesDeadLettersAndSendersNeverWait() throws Exception {
        ActorSystem system = actors.system();
        TestProbe<DeadLetter> deadLetters = TestProbe.create(system);
        system.eventStream().subscribe(deadLetters.ref(), DeadLetter.class);
        CountDownLatch handling = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger handled = new AtomicInteger();
        ActorRef<Integer> slow = system.spawn(Props.<Integer>create(() -> context -> {
            handled.incrementAndGet();
            if (context.message() == 0) {
                handling.countDown();
                release.await();
            }
        }).withMailbox("small"), "slow");

        slow.tell(0);
        assertThat(handling.await(10, TimeUnit.SECONDS)).isTrue(); // 0 is in hand, the mailbox is empty
        for (int i = 1; i <= 10; i++) {
            slow.tell(i); // returns at once even when full
        }
        for (int i = 5; i <= 10; i++) {
            DeadLetter letter = deadLetters.expectMessage();
            assertThat(letter.message()).isEqualTo(i);
            assertThat(letter.reason()).isEqualTo(DeadLetter.Reason.MAILBOX_FULL);
            assertThat(letter.recipient()).isEqualTo(slow);
        }
        assertThat(system.deadLetterCount()).isEqualTo(6);
        release.countDown();
        org.awaitility.Awaitility.await().until(() -> handled.get() == 5);
    }

    @Test
    void aFloodedActorOnTheArrayMailboxGetsEveryMessageOnceInEachSendersOrder() throws Exception {
        ActorSystem system = actors.system();
        int senders = 4;
        int each = 50_000; // thousands of 16-slot chunks, filled while the actor drains them
        int[] next = new int[senders];
        AtomicInteger outOfOrder = new AtomicInteger();
        CountDownLatch all = new CountDownLatch(senders * each);
        ActorRef<int[]> collector = system.spawn(Props.<int[]>create(() -> context -> {
            int[] message = context.message(); // {sender, sequence}
            if (message[1] != next[message[0]]++) {
                outOfOrder.incrementAndGet();
            }
            all.countDown();
        }).withMailbox("flooded"), "collector");
        for (int s = 0; s < senders; s++) {
            int sender = s;
            ActorRef<String> flooder = system.spawn(Props.<String>create(() -> context -> {
                for (int i = 0; i < each; i++) {
                    collector.tell(new int[] {sender, i});
                }
            }), "flooder-" + s);
            flooder.tell("go");
        }
        assertThat(all.await(60, TimeUnit.SECONDS)).as("every message arrived").isTrue();
        assertThat(outOfOrder.get()).as("messages out of their sender's order").isZero();
        assertThat(next).as("per sender, each sequence number once").containsOnly(each);
        assertThat(system.deadLetterCount()).isZero();
    }
}
