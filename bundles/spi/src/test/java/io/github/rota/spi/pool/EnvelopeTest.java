package io.github.rota.spi.pool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class EnvelopeTest {

    @Test
    void codeThatIsNeitherAPoolNorALinkedQueueCanOnlyFillReadAndClearAnEnvelope() {
        assertThat(Arrays.stream(Envelope.class.getDeclaredMethods())
                .filter(m -> Modifier.isPublic(m.getModifiers())).map(Method::getName).collect(Collectors.toSet()))
                .containsExactlyInAnyOrder("fill", "clearMessage", "message", "sender", "homeShard", "generation",
                        "isRecycled", "toString");
    }

    @Test
    void clearingTheMessageKeepsTheLinkAndTheGeneration() {
        Envelope envelope = new Envelope(2).fill("message", null);
        Envelope next = new Envelope(2);
        Links.link(envelope, next);
        int generation = envelope.generation();
        envelope.clearMessage();
        assertThat(envelope.message()).isNull();
        assertThat(envelope.sender()).isNull();
        assertThat(Links.next(envelope)).isSameAs(next);
        assertThat(envelope.generation()).isEqualTo(generation);
    }

    @Test
    void aResetForReuseClearsEverythingButTheHomeShardAndStartsANewGeneration() {
        Envelope envelope = new Envelope(5).fill("message", null);
        Links.link(envelope, new Envelope(5));
        int generation = envelope.generation();
        Recycling.reset(envelope, true);
        assertThat(envelope.message()).isNull();
        assertThat(Links.next(envelope)).isNull();
        assertThat(envelope.homeShard()).isEqualTo(5);
        assertThat(envelope.generation()).isEqualTo(generation + 1);
        assertThat(envelope.isRecycled()).isTrue();
        assertThat(envelope.fill("again", null).isRecycled()).as("filling clears the mark").isFalse();
    }

    @Test
    void theHomeShardAndTheGenerationShareAnIntWithoutDisturbingEachOther() {
        Envelope envelope = new Envelope(Envelope.MAX_HOME_SHARD);
        for (int i = 0; i < (1 << 15) + 3; i++) {
            Recycling.reset(envelope, (i & 1) == 0);
        }
        assertThat(envelope.homeShard()).isEqualTo(Envelope.MAX_HOME_SHARD);
        assertThat(envelope.generation()).as("modulo 2^15").isEqualTo(3);
        assertThat(envelope.fill("m", null).isRecycled()).isFalse();
        assertThat(envelope.homeShard()).isEqualTo(Envelope.MAX_HOME_SHARD);
    }

    @Test
    void aHomeShardOutsideItsBitsIsRefused() {
        assertThatIllegalArgumentException().isThrownBy(() -> new Envelope(Envelope.MAX_HOME_SHARD + 1))
                .withMessageContaining("home shard");
        assertThatIllegalArgumentException().isThrownBy(() -> new Envelope(-1));
    }

    /** A test reaches the link operations the way a mailbox does. */
    private static final class Links extends LinkedEnvelopeQueue {
        static void link(Envelope envelope, Envelope next) {
            soNext(envelope, next);
        }

        static Envelope next(Envelope envelope) {
            return lvNext(envelope);
        }
    }

    /** And the reset the way a pool does. */
    private abstract static class Recycling extends RecyclingEnvelopePool {
        static void reset(Envelope envelope, boolean mark) {
            resetForReuse(envelope, mark);
        }
    }
}
