package io.github.rota.mailbox;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.rota.api.ActorRef;
import io.github.rota.spi.mailbox.MailboxType;
import io.github.rota.spi.pool.Envelope;
import io.github.rota.testkit.contract.MailboxContract;
import io.github.rota.testkit.contract.RecordingEnvelopePool;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class FairMailboxTest extends MailboxContract {

    @Override
    protected MailboxType type() {
        return new FairMailboxType();
    }

    /** A stand-in sender: the mailbox only uses its identity. */
    private record Sender(String name) implements ActorRef<Object> {
        @Override
        public String path() {
            return "test://" + name;
        }

        @Override
        public void tell(Object message) {
            throw new AssertionError("not used");
        }

        @Override
        public void tell(Object message, ActorRef<?> sender) {
            throw new AssertionError("not used");
        }

        @Override
        public <R> CompletionStage<R> ask(Object message, Duration timeout) {
            throw new AssertionError("not used");
        }

        @Override
        public <R> CompletionStage<R> askFor(Function<? super ActorRef<R>, ?> request, Duration timeout) {
            throw new AssertionError("not used");
        }
    }

    private final RecordingEnvelopePool pool = new RecordingEnvelopePool();
    private final FairMailbox mailbox = (FairMailbox) new FairMailboxType().create(pool);

    private void send(String message, ActorRef<?> sender) {
        mailbox.enqueue(new Envelope(0).fill(message, sender));
    }

    private List<Object> drain() {
        List<Object> out = new ArrayList<>();
        for (Envelope e = mailbox.dequeue(); e != null; e = mailbox.dequeue()) {
            out.add(e.message());
        }
        return out;
    }

    @Test
    void takesTurnsBetweenSendersAndKeepsEachSendersOrder() {
        Sender chatty = new Sender("chatty");
        Sender quiet = new Sender("quiet");
        for (int i = 1; i <= 4; i++) {
            send("c" + i, chatty);
        }
        send("q1", quiet);
        send("n1", null);
        send("q2", quiet);
        assertThat(mailbox.size()).isEqualTo(7);
        assertThat(mailbox.hasMessages()).isTrue();
        assertThat(drain()).containsExactly("c1", "q1", "n1", "c2", "q2", "c3", "c4");
        assertThat(mailbox.hasMessages()).isFalse();
    }

    @Test
    void aQuietSendersSubQueueIsReleased() {
        Sender a = new Sender("a");
        Sender b = new Sender("b");
        send("a1", a);
        send("b1", b);
        assertThat(mailbox.activeSenders()).isEqualTo(2);
        drain();
        assertThat(mailbox.activeSenders()).isZero();
        assertThat(pool.released()).hasSize(2);
    }
}
