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

class UnboundedArrayMailboxTest extends MailboxContract {

    @Override
    protected MailboxType type() {
        return new UnboundedArrayMailboxType();
    }

    private final RecordingEnvelopePool pool = new RecordingEnvelopePool();
    private final MailboxType smallChunks = new UnboundedArrayMailboxType().configure(new MailboxConfig("flooded", Map.of("chunk", "4")));
    private final Mailbox mailbox = smallChunks.create(pool);

    private static Envelope envelope(Object message) {
        return new Envelope(0).fill(message, null);
    }

    @Test
    void growsChunkByChunkInFifoOrderAndNeverRefuses() {
        for (int i = 0; i < 1_000; i++) {
            assertThat(mailbox.enqueue(envelope(i))).isTrue();
        }
        assertThat(mailbox.size()).isEqualTo(1_000);
        for (int i = 0; i < 1_000; i++) {
            assertThat(mailbox.dequeue().message()).isEqualTo(i);
        }
        assertThat(mailbox.dequeue()).isNull();
        assertThat(mailbox.hasMessages()).isFalse();
        assertThat(mailbox.size()).isZero();
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
        assertThat(smallChunks.recyclePolicy()).isEqualTo(RecyclePolicy.PREVIOUS);
    }

    @Test
    void theChunkIsValidatedByName() {
        assertThatThrownBy(() -> new UnboundedArrayMailboxType().configure(new MailboxConfig("flooded", Map.of("chunk", "1"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("rota.mailbox.flooded.chunk must be in 2..1048576, was 1");
        assertThatThrownBy(() -> new UnboundedArrayMailboxType().configure(new MailboxConfig("flooded", Map.of("chunk", "big"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("rota.mailbox.flooded.chunk must be an integer in 2..1048576, was 'big'");
    }
}
