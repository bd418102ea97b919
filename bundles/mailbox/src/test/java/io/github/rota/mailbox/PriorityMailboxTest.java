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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The priority types' own behaviour; the SPI's mailbox contract runs on the plain one here and on the stable one in {@link StablePriorityMailboxContractTest}. */
class PriorityMailboxTest extends MailboxContract {

    private final RecordingEnvelopePool pool = new RecordingEnvelopePool();
    private final MailboxConfig byLength = new MailboxConfig("urgent", Map.of("priority", "by-length"));

    @Override
    protected MailboxType type() {
        return new PriorityMailboxType().configure(byLength);
    }

    /** Ordered by the length of the message's string form: not by arrival. */
    @Override
    protected boolean keepsProducerOrder() {
        return false;
    }

    private static void send(Mailbox mailbox, String message) {
        mailbox.enqueue(new Envelope(0).fill(message, null));
    }

    private static List<Object> drain(Mailbox mailbox) {
        List<Object> out = new ArrayList<>();
        for (Envelope e = mailbox.dequeue(); e != null; e = mailbox.dequeue()) {
            out.add(e.message());
        }
        return out;
    }

    @Test
    void stablePriorityOrdersByThePriorityThenByArrival() {
        MailboxType type = new StablePriorityMailboxType().configure(byLength);
        Mailbox mailbox = type.create(pool);
        for (String m : new String[] {"ccc", "b1", "a", "b2", "dddd", "b3"}) {
            send(mailbox, m);
        }
        assertThat(mailbox.size()).isEqualTo(6);
        assertThat(mailbox.hasMessages()).isTrue();
        assertThat(drain(mailbox)).containsExactly("a", "b1", "b2", "b3", "ccc", "dddd");
        assertThat(mailbox.hasMessages()).isFalse();
        assertThat(type.recyclePolicy()).isEqualTo(RecyclePolicy.PREVIOUS);
        assertThat(pool.released()).as("each returned by the dequeue after it, the last by the empty one").hasSize(6);
    }

    @Test
    void plainPriorityOrdersByThePriorityAndNeverRecycles() {
        MailboxType type = new PriorityMailboxType().configure(byLength);
        Mailbox mailbox = type.create(pool);
        for (String m : new String[] {"ccc", "a", "dddd", "bb"}) {
            send(mailbox, m);
        }
        assertThat(drain(mailbox)).containsExactly("a", "bb", "ccc", "dddd");
        assertThat(type.recyclePolicy()).isEqualTo(RecyclePolicy.NEVER);
        assertThat(pool.released()).isEmpty();
    }

    @Test
    void aBoundedPriorityMailboxRefusesWhenFullAndRecyclesOneDequeueLater() {
        MailboxType type = new PriorityMailboxType()
                .configure(new MailboxConfig("urgent", Map.of("priority", "by-length", "capacity", "2")));
        Mailbox mailbox = type.create(pool);
        assertThat(mailbox.enqueue(new Envelope(0).fill("bbb", null))).isTrue();
        assertThat(mailbox.enqueue(new Envelope(0).fill("a", null))).isTrue();
        assertThat(mailbox.enqueue(new Envelope(0).fill("cc", null))).as("full").isFalse();
        assertThat(type.recyclePolicy()).isEqualTo(RecyclePolicy.PREVIOUS);
        assertThat(mailbox.dequeue().message()).isEqualTo("a");
        assertThat(mailbox.enqueue(new Envelope(0).fill("cc", null))).as("room again").isTrue();
        assertThat(drain(mailbox)).containsExactly("cc", "bbb");
        assertThat(pool.released()).hasSize(3);
    }

    @Test
    void anUnknownOrderingIsNamedAndAMissingOneFailsAtSpawn() {
        assertThatThrownBy(() -> new PriorityMailboxType().configure(new MailboxConfig("urgent", Map.of("priority", "nope"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("rota.mailbox.urgent.priority names message priority 'nope', which is not installed; installed: [by-length]");
        assertThatThrownBy(() -> new PriorityMailboxType().configure(new MailboxConfig("priority", Map.of())).create(pool))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("rota.mailbox.<id>.priority=<name>");
    }
}
