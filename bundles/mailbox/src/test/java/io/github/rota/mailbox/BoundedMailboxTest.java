package io.github.rota.mailbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.rota.spi.mailbox.Mailbox;
import io.github.rota.spi.mailbox.MailboxConfig;
import io.github.rota.spi.mailbox.MailboxType;
import io.github.rota.spi.mailbox.RecyclePolicy;
import io.github.rota.spi.pool.Envelope;
import io.github.rota.testkit.contract.MailboxContract;
import io.github.rota.testkit.contract.RecordingEnvelopePool;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BoundedMailboxTest extends MailboxContract {

    @Override
    protected MailboxType type() {
        return new BoundedMailboxType();
    }

    private final RecordingEnvelopePool pool = new RecordingEnvelopePool();
    private final MailboxType type = new BoundedMailboxType().configure(new MailboxConfig("small", Map.of("capacity", "4")));
    private final Mailbox mailbox = type.create(pool);

    private static Envelope envelope(Object message) {
        return new Envelope(0).fill(message, null);
    }

    @Test
    void holdsItsCapacityInFifoOrderAndRefusesTheRest() {
        for (int i = 0; i < 4; i++) {
            assertThat(mailbox.enqueue(envelope(i))).isTrue();
        }
        assertThat(mailbox.enqueue(envelope(4))).as("full: refused at once").isFalse();
        assertThat(mailbox.size()).isEqualTo(4);
        assertThat(mailbox.hasMessages()).isTrue();
        for (int i = 0; i < 4; i++) {
            assertThat(mailbox.dequeue().message()).isEqualTo(i);
        }
        assertThat(mailbox.dequeue()).isNull();
        assertThat(mailbox.hasMessages()).isFalse();
        assertThat(mailbox.enqueue(envelope(5))).as("room again").isTrue();
    }

    @Test
    void releasesAnEnvelopeOneDequeueLater() {
        Envelope first = envelope("a");
        Envelope second = envelope("b");
        mailbox.enqueue(first);
        mailbox.enqueue(second);
        assertThat(mailbox.dequeue()).isSameAs(first);
        assertThat(pool.released()).isEmpty();
        assertThat(first.message()).as("valid during its turn").isEqualTo("a");
        assertThat(mailbox.dequeue()).isSameAs(second);
        assertThat(pool.released()).containsExactly(first);
        mailbox.dequeue();
        assertThat(pool.released()).containsExactly(first, second);
        assertThat(type.recyclePolicy()).isEqualTo(RecyclePolicy.PREVIOUS);
    }

    @Test
    void capacityIsValidatedByName() {
        assertThatThrownBy(() -> new BoundedMailboxType().configure(new MailboxConfig("small", Map.of("capacity", "1"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("rota.mailbox.small.capacity must be in 2..1073741824, was 1");
        assertThatThrownBy(() -> new BoundedMailboxType().configure(new MailboxConfig("small", Map.of("capacity", "lots"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("rota.mailbox.small.capacity must be an integer in 2..1073741824, was 'lots'");
    }
}
