package io.github.rota.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.DeadLetter;
import io.github.rota.api.Props;
import io.github.rota.testkit.ActorSystemExtension;
import io.github.rota.testkit.TestProbe;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(ActorSystemExtension.class)
class DeadLetterTest {

    @Test
    void aMessageToAStoppedActorBecomesACountedPublishedDeadLetter(ActorSystem system) {
        TestProbe<DeadLetter> deadLetters = TestProbe.create(system);
        system.eventStream().subscribe(deadLetters.ref(), DeadLetter.class);
        TestProbe<Object> watcher = TestProbe.create(system);
        ActorRef<String> target = system.spawn(Props.create(() -> context -> { }), "target");
        watcher.watch(target);
        system.stop(target);
        watcher.expectTerminated(target);

        target.tell("lost?", watcher.ref());
        DeadLetter letter = deadLetters.expectMessage();
        assertThat(letter).isEqualTo(new DeadLetter("lost?", watcher.ref(), target, DeadLetter.Reason.RECIPIENT_STOPPED));
        assertThat(system.deadLetterCount()).isEqualTo(1);
    }

    @Test
    void aReplyWithNoSenderBecomesADeadLetter(ActorSystem system) {
        TestProbe<DeadLetter> deadLetters = TestProbe.create(system);
        system.eventStream().subscribe(deadLetters.ref(), DeadLetter.class);
        ActorRef<String> echo = system.spawn(Props.create(() -> context -> context.reply(context.message())), "echo");
        echo.tell("nobody asked");
        DeadLetter letter = deadLetters.expectMessage();
        assertThat(letter.message()).isEqualTo("nobody asked");
        assertThat(letter.sender()).isEqualTo(echo);
        assertThat(letter.recipient()).isNull();
        assertThat(letter.reason()).isEqualTo(DeadLetter.Reason.NO_RECIPIENT);
    }

    @Test
    void unsubscribedActorsGetNoEvents(ActorSystem system) {
        TestProbe<Object> listener = TestProbe.create(system);
        system.eventStream().subscribe(listener.ref(), String.class);
        system.eventStream().publish("first");
        listener.expectMessage("first");
        system.eventStream().publish(42);
        system.eventStream().unsubscribe(listener.ref(), String.class);
        system.eventStream().publish("second");
        listener.expectNoMessage(java.time.Duration.ofMillis(200));
    }

    @Test
    void theFirstDeadLettersAreLoggedAndTheLastOfThemSaysWhereTheRestGo() {
        java.util.List<String> logged = new java.util.ArrayList<>();
        DeadLetters deadLetters = new DeadLetters(new RotaEventStream(), logged::add);
        for (int i = 1; i <= DeadLetters.LOGGED + 5; i++) {
            deadLetters.publish("letter " + i, null, null, DeadLetter.Reason.RECIPIENT_STOPPED);
        }
        assertThat(deadLetters.count()).isEqualTo(DeadLetters.LOGGED + 5);
        assertThat(logged).hasSize(DeadLetters.LOGGED);
        assertThat(logged.get(0)).isEqualTo("dead letter (RECIPIENT_STOPPED): letter 1 from no sender to no recipient");
        assertThat(logged.get(DeadLetters.LOGGED - 1)).startsWith("dead letter (RECIPIENT_STOPPED): letter " + DeadLetters.LOGGED)
                .contains("further dead letters are counted");
    }
}
