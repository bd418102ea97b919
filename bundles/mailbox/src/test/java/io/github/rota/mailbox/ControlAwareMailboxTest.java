package io.github.rota.mailbox;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.rota.api.ControlMessage;
import io.github.rota.spi.mailbox.Mailbox;
import io.github.rota.spi.mailbox.MailboxType;
import io.github.rota.spi.pool.Envelope;
import io.github.rota.testkit.contract.MailboxContract;
import io.github.rota.testkit.contract.RecordingEnvelopePool;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ControlAwareMailboxTest extends MailboxContract {

    @Override
    protected MailboxType type() {
        return new ControlAwareMailboxType();
    }

    private record Control(String name) implements ControlMessage {
    }

    private final RecordingEnvelopePool pool = new RecordingEnvelopePool();
    private final Mailbox mailbox = new ControlAwareMailboxType().create(pool);

    private void send(Object message) {
        mailbox.enqueue(new Envelope(0).fill(message, null));
    }

    private List<Object> drain() {
        List<Object> out = new ArrayList<>();
        for (Envelope e = mailbox.dequeue(); e != null; e = mailbox.dequeue()) {
            out.add(e.message());
        }
        return out;
    }

    @Test
    void controlMessagesGoAheadAndEachKindKeepsItsOrder() {
        send("o1");
        send("o2");
        send(new Control("c1"));
        send("o3");
        send(new Control("c2"));
        assertThat(mailbox.size()).isEqualTo(5);
        assertThat(mailbox.hasMessages()).isTrue();
        assertThat(drain()).containsExactly(new Control("c1"), new Control("c2"), "o1", "o2", "o3");
        assertThat(mailbox.hasMessages()).isFalse();
        assertThat(mailbox.size()).isZero();
    }

    @Test
    void envelopesGoBackToThePoolOnlyAfterTheirTurn() {
        send(new Control("c1"));
        send("o1");
        Envelope c1 = mailbox.dequeue();
        Envelope o1 = mailbox.dequeue();
        assertThat(c1.message()).isEqualTo(new Control("c1"));
        assertThat(o1.message()).as("still valid: no later dequeue yet").isEqualTo("o1");
        assertThat(pool.released()).doesNotContain(c1, o1);
    }
}
