package io.github.rota.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.github.rota.api.Actor;
import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.DeadLetter;
import io.github.rota.api.Props;
import io.github.rota.api.ReceiveContext;
import io.github.rota.testkit.ActorSystemExtension;
import io.github.rota.testkit.TestProbe;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(ActorSystemExtension.class)
class AskTest {

    @Test
    void askCompletesWithTheReply(ActorSystem system) throws Exception {
        ActorRef<Integer> doubler = system.spawn(Props.create(() -> context -> context.reply(context.message() * 2)), "doubler");
        CompletableFuture<Integer> reply = doubler.<Integer>ask(21, Duration.ofSeconds(5)).toCompletableFuture();
        assertThat(reply.get(5, TimeUnit.SECONDS)).isEqualTo(42);
    }

    @Test
    void askWithoutAReplyTimesOutWithTimeoutException(ActorSystem system) {
        ActorRef<String> silent = system.spawn(Props.create(() -> context -> { }), "silent");
        CompletableFuture<Object> reply = silent.ask("anyone?", Duration.ofMillis(100)).toCompletableFuture();
        assertThatThrownBy(() -> reply.get(5, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class)
                .cause().isInstanceOf(TimeoutException.class)
                .hasMessageContaining("rota://askWithoutAReplyTimesOutWithTimeoutException/user/silent")
                .hasMessageContaining("100 ms");
    }

    @Test
    void aReplyAfterTheTimeoutBecomesADeadLetter(ActorSystem system) throws Exception {
        TestProbe<DeadLetter> deadLetters = TestProbe.create(system);
        system.eventStream().subscribe(deadLetters.ref(), DeadLetter.class);
        TestProbe<String> inbox = TestProbe.create(system);
        CompletableFuture<Object> reply = inbox.ref().ask("question", Duration.ofMillis(50)).toCompletableFuture();
        inbox.expectMessage("question");
        ActorRef<?> asker = inbox.lastSender();
        await().until(reply::isCompletedExceptionally);

        @SuppressWarnings("unchecked")
        ActorRef<Object> late = (ActorRef<Object>) asker;
        late.tell("too late");
        DeadLetter letter = deadLetters.expectMessage();
        assertThat(letter.message()).isEqualTo("too late");
        assertThat(letter.reason()).isEqualTo(DeadLetter.Reason.NO_RECIPIENT);
        assertThat(asker.path()).contains("/temp/$ask-");
    }

    @Test
    void answeredAsksLeaveNoTimerOrTemporaryActorBehind(ActorSystem system) throws Exception {
        ActorRef<Integer> echo = system.spawn(Props.create(() -> context -> context.reply(context.message())), "echo");
        for (int i = 0; i < 100; i++) {
            assertThat(echo.<Integer>ask(i, Duration.ofMinutes(1)).toCompletableFuture().get(5, TimeUnit.SECONDS)).isEqualTo(i);
        }
        RotaActorSystem rota = (RotaActorSystem) system;
        await().until(() -> rota.pendingTimers() == 0);
        assertThat(rota.userActorCount()).as("only the echo actor").isEqualTo(1);
    }

    @Test
    void anAskStillWaitingWhenTheSystemTerminatesFailsAtOnceWithTheReason() throws Exception {
        ActorSystem own = ActorSystem.create("asker", io.github.rota.api.Settings.empty());
        ActorRef<String> silent = own.spawn(Props.create(() -> context -> { }), "silent");
        java.util.concurrent.CompletableFuture<Object> reply = silent.ask("hello?", Duration.ofMinutes(5)).toCompletableFuture();

        own.terminate().toCompletableFuture().get(30, java.util.concurrent.TimeUnit.SECONDS);

        assertThat(reply).isCompletedExceptionally();
        assertThatThrownBy(reply::get).cause().isInstanceOf(IllegalStateException.class)
                .hasMessage("actor system 'asker' terminated before rota://asker/user/silent replied");
        assertThatThrownBy(() -> silent.ask("again?", Duration.ofSeconds(1)).toCompletableFuture().get())
                .cause().isInstanceOf(IllegalStateException.class).hasMessage("actor system 'asker' has terminated");
    }

    /**
     * Asks made while the system terminates each complete: answered, or failed because the system
     * went away. An ask added after termination's final sweep of the waiting asks, but before
     * termination completed, was once never failed and never timed out (the tick had stopped
     * with the scheduler), so whoever waited on it waited forever.
     */
    @Test
    void everyAskRacingTerminationCompletes() throws Exception {
        for (int round = 0; round < 20; round++) {
            ActorSystem own = ActorSystem.create("racing-asks", io.github.rota.api.Settings.empty());
            ActorRef<String> silent = own.spawn(Props.create(() -> context -> { }), "silent");
            CompletableFuture<Void> terminated = own.whenTerminated().toCompletableFuture();
            Thread[] askers = new Thread[2];
            List<List<CompletableFuture<Object>>> asked = new ArrayList<>();
            CountDownLatch asking = new CountDownLatch(askers.length);
            for (int a = 0; a < askers.length; a++) {
                List<CompletableFuture<Object>> mine = new ArrayList<>(); // this asker's alone until it is joined
                asked.add(mine);
                askers[a] = new Thread(() -> {
                    asking.countDown();
                    while (!terminated.isDone()) {
                        mine.add(silent.ask("still there?", Duration.ofMinutes(5)).toCompletableFuture());
                    }
                }, "asker-" + a);
                askers[a].start();
            }
            asking.await();
            own.terminate().toCompletableFuture().get(30, TimeUnit.SECONDS);
            for (Thread asker : askers) {
                asker.join(TimeUnit.SECONDS.toMillis(30));
                assertThat(asker.isAlive()).as("%s stopped asking once the system terminated", asker.getName()).isFalse();
            }
            List<CompletableFuture<Object>> asks = asked.stream().flatMap(List::stream).toList();
            int round0 = round;
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(asks.stream().filter(f -> !f.isDone()))
                    .as("round %d: of %d asks, those that never complete", round0, asks.size()).isEmpty());
            assertThat(asks).allMatch(CompletableFuture::isCompletedExceptionally);
        }
    }

    @Test
    void callbacksOnAnAskNeverRunOnTheReplyingActorsWorker(ActorSystem system) throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        AtomicReference<String> replierRanOn = new AtomicReference<>();
        ActorRef<String> replier = system.spawn(Props.create(() -> context -> {
            replierRanOn.set(Thread.currentThread().getName());
            release.await(); // reply only once the callback below is attached
            context.reply("answer");
        }), "replier");
        AtomicReference<String> callbackRanOn = new AtomicReference<>();
        CompletableFuture<String> seen = replier.<String>ask("question", Duration.ofSeconds(10))
                .thenApply(answer -> {
                    callbackRanOn.set(Thread.currentThread().getName());
                    return answer;
                }).toCompletableFuture();
        release.countDown();
        assertThat(seen.get(10, TimeUnit.SECONDS)).isEqualTo("answer");
        assertThat(callbackRanOn.get()).as("not inside the replier's turn").isNotEqualTo(replierRanOn.get())
                .doesNotStartWith(system.name() + "-");
    }

    /** Asks {@code replier} on "go", pipes the answer to itself, and records what its turn sees. */
    private static final class Asker implements Actor<String> {
        private final ActorRef<String> replier;
        private final Duration timeout;
        private final CompletableFuture<String> got;
        private Thread mappedOn;
        private int asked;

        Asker(ActorRef<String> replier, Duration timeout, CompletableFuture<String> got) {
            this.replier = replier;
            this.timeout = timeout;
            this.got = got;
        }

        @Override
        public void receive(ReceiveContext<String> context) {
            if (context.message().equals("go")) {
                asked++;
                context.pipeToSelf(replier.<String>ask("question", timeout), (answer, failure) -> {
                    mappedOn = Thread.currentThread();
                    // In the turn: the actor's own state is safe to read here.
                    return failure == null ? "answer " + answer + " to ask " + asked
                            : "failed " + failure.getClass().getSimpleName() + " on ask " + asked;
                });
            } else if (Thread.currentThread() == mappedOn && context.sender() == null) {
                got.complete(context.message());
            } else {
                got.completeExceptionally(new AssertionError("mapped outside the turn that handled " + context.message()));
            }
        }
    }

    @Test
    void anActorThatAsksGetsTheAnswerAsAMessageToItselfMappedInItsOwnTurn(ActorSystem system) throws Exception {
        ActorRef<String> replier = system.spawn(Props.create(() -> context -> context.reply("42")), "replier");
        CompletableFuture<String> got = new CompletableFuture<>();
        system.spawn(Props.create(() -> new Asker(replier, Duration.ofSeconds(10), got)), "asker").tell("go");
        assertThat(got.get(10, TimeUnit.SECONDS)).isEqualTo("answer 42 to ask 1");
    }

    @Test
    void aPipedFailureArrivesAsAMessageToo(ActorSystem system) throws Exception {
        ActorRef<String> silent = system.spawn(Props.create(() -> context -> { }), "silent");
        CompletableFuture<String> got = new CompletableFuture<>();
        system.spawn(Props.create(() -> new Asker(silent, Duration.ofMillis(50), got)), "asker").tell("go");
        assertThat(got.get(10, TimeUnit.SECONDS)).isEqualTo("failed TimeoutException on ask 1");
    }

    @Test
    void anOutcomePipedToAStoppedActorBecomesADeadLetterWithTheValue(ActorSystem system) throws Exception {
        TestProbe<DeadLetter> deadLetters = TestProbe.create(system);
        system.eventStream().subscribe(deadLetters.ref(), DeadLetter.class);
        CompletableFuture<String> later = new CompletableFuture<>();
        CountDownLatch piped = new CountDownLatch(1);
        ActorRef<String> piper = system.spawn(Props.create(() -> context -> {
            context.pipeToSelf(later, (value, failure) -> value);
            piped.countDown();
        }), "piper");
        piper.tell("pipe");
        assertThat(piped.await(10, TimeUnit.SECONDS)).isTrue();
        TestProbe<Object> watcher = TestProbe.create(system);
        watcher.watch(piper);
        system.stop(piper);
        watcher.expectTerminated(piper);
        later.complete("value");
        DeadLetter letter = deadLetters.expectMessage();
        assertThat(letter.message()).isEqualTo("value");
        assertThat(letter.recipient()).isEqualTo(piper);
    }

    @Test
    void askRejectsBadArgumentsAndSendsNothing(ActorSystem system) {
        TestProbe<String> inbox = TestProbe.create(system);
        assertThatThrownBy(() -> inbox.ref().ask(null, Duration.ofSeconds(1)))
                .isInstanceOf(NullPointerException.class).hasMessage("message");
        assertThatThrownBy(() -> inbox.ref().ask("q", null))
                .isInstanceOf(NullPointerException.class).hasMessage("timeout");
        assertThatThrownBy(() -> inbox.ref().ask("q", Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("positive");
        inbox.expectNoMessage(Duration.ofMillis(200));
    }

    // ---------------------------------------------------------------- the typed ask

    sealed interface Command permits Add, GetTotal {}

    record Add(int amount) implements Command {}

    /** The reply's type is in the request: the counter can only answer an Integer to it. */
    record GetTotal(ActorRef<Integer> replyTo) implements Command {}

    private static final class Counter implements Actor<Command> {
        private int total;

        @Override
        public void receive(ReceiveContext<Command> context) {
            if (context.message() instanceof Add add) {
                total += add.amount();
            } else if (context.message() instanceof GetTotal get) {
                get.replyTo().tell(total);
            }
        }
    }

    @Test
    void aTypedAskCompletesWithWhatTheActorToldTheReferenceInTheRequest(ActorSystem system) throws Exception {
        ActorRef<Command> counter = system.spawn(Props.create(Counter::new), "counter");
        counter.tell(new Add(40));
        counter.tell(new Add(2));
        CompletionStage<Integer> total = counter.askFor(GetTotal::new, Duration.ofSeconds(5));
        assertThat(total.toCompletableFuture().get(5, TimeUnit.SECONDS)).isEqualTo(42);
    }

    @Test
    void theReplyReferenceIsAlsoTheSenderAndTakesOnlyTheFirstReply(ActorSystem system) throws Exception {
        TestProbe<DeadLetter> deadLetters = TestProbe.create(system);
        system.eventStream().subscribe(deadLetters.ref(), DeadLetter.class);
        TestProbe<GetTotal> inbox = TestProbe.create(system);
        CompletableFuture<Integer> total = inbox.ref().askFor(GetTotal::new, Duration.ofSeconds(5)).toCompletableFuture();
        GetTotal request = inbox.expectMessage();
        assertThat(inbox.lastSender()).isEqualTo(request.replyTo());
        assertThat(request.replyTo().path()).contains("/temp/$ask-");

        request.replyTo().tell(7);
        request.replyTo().tell(8);
        assertThat(total.get(5, TimeUnit.SECONDS)).isEqualTo(7);
        assertThat(deadLetters.expectMessage().message()).isEqualTo(8);
    }

    @Test
    void aTypedAskWithoutAReplyTimesOut(ActorSystem system) {
        TestProbe<GetTotal> inbox = TestProbe.create(system);
        CompletableFuture<Integer> total = inbox.ref().askFor(GetTotal::new, Duration.ofMillis(100)).toCompletableFuture();
        inbox.expectMessage();
        assertThatThrownBy(() -> total.get(5, TimeUnit.SECONDS)).cause().isInstanceOf(TimeoutException.class)
                .hasMessageContaining("100 ms");
    }

    @Test
    void aTypedAskRejectsBadArgumentsAndARequestThatFailsAndSendsNothing(ActorSystem system) {
        TestProbe<GetTotal> inbox = TestProbe.create(system);
        List<ActorRef<Integer>> built = new ArrayList<>();
        assertThatThrownBy(() -> inbox.ref().askFor((java.util.function.Function<ActorRef<Integer>, GetTotal>) null, Duration.ofSeconds(1)))
                .isInstanceOf(NullPointerException.class).hasMessage("request");
        assertThatThrownBy(() -> inbox.ref().<Integer>askFor(replyTo -> { built.add(replyTo); return new GetTotal(replyTo); }, Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("positive");
        assertThat(built).as("the request is not built for a refused ask").isEmpty();
        assertThatThrownBy(() -> inbox.ref().<Integer>askFor(replyTo -> null, Duration.ofSeconds(1)))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("request");
        assertThatThrownBy(() -> inbox.ref().<Integer>askFor(replyTo -> { throw new IllegalStateException("no request today"); },
                Duration.ofSeconds(1))).isInstanceOf(IllegalStateException.class).hasMessage("no request today");
        inbox.expectNoMessage(Duration.ofMillis(200));
        RotaActorSystem rota = (RotaActorSystem) system;
        assertThat(rota.pendingTimers()).as("no ask left waiting").isZero();
    }
}
