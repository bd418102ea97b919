package io.github.rota.mailbox;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.rota.spi.mailbox.Mailbox;
import io.github.rota.spi.mailbox.MailboxType;
import io.github.rota.spi.mailbox.RecyclePolicy;
import io.github.rota.spi.pool.Envelope;
import io.github.rota.spi.pool.LinkedEnvelopeQueue;
import io.github.rota.testkit.contract.MailboxContract;
import io.github.rota.testkit.contract.RecordingEnvelopePool;
import org.junit.jupiter.api.Test;

class UnboundedMailboxTest extends MailboxContract {

    @Override
    protected MailboxType type() {
        return new UnboundedMailboxType();
    }

    private final RecordingEnvelopePool pool = new RecordingEnvelopePool();
    private final Mailbox mailbox = new UnboundedMailboxType().create(pool);

    private static Envelope envelope(Object message, int shard) {
        return new Envelope(shard).fill(message, null);
    }

    @Test
    void typeIsTheDefaultUnboundedWithSentinelRecycling() {
        UnboundedMailboxType type = new UnboundedMailboxType();
        assertThat(type.id()).isEqualTo("unbounded");
        assertThat(type.recyclePolicy()).isEqualTo(RecyclePolicy.SENTINEL);
    }

    @Test
    void releasesThePreviousSentinelOnDequeue() {
        Envelope first = envelope("a", 3);
        Envelope second = envelope("b", 5);
        mailbox.enqueue(first);
        mailbox.enqueue(second);

        assertThat(mailbox.dequeue()).isSameAs(first);
        // The stub was the sentinel; it is released, the envelope handed out is still intact.
        assertThat(pool.released()).hasSize(1).doesNotContain(first);
        assertThat(first.message()).isEqualTo("a");

        assertThat(mailbox.dequeue()).isSameAs(second);
        assertThat(pool.released()).hasSize(2).contains(first).doesNotContain(second);
        assertThat(first.message()).isNull();
        assertThat(Links.next(first)).isNull();
        assertThat(first.homeShard()).isEqualTo(3);
    }

    /** What a linked mailbox may read of an envelope's link: a test reaches it the same way. */
    private static final class Links extends LinkedEnvelopeQueue {
        static Envelope next(Envelope envelope) {
            return lvNext(envelope);
        }
    }
}
