package io.github.rota.pool;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.rota.spi.pool.Envelope;
import org.junit.jupiter.api.Test;

class EnvelopeRingTest {

    private final EnvelopeRing ring = new EnvelopeRing();

    @Test
    void isFifoAndRefusesWhenFullOrEmpty() {
        assertThat(ring.poll()).isNull();
        Envelope[] envelopes = new Envelope[EnvelopeRing.CAPACITY];
        for (int i = 0; i < EnvelopeRing.CAPACITY; i++) {
            envelopes[i] = new Envelope(0);
            assertThat(ring.offer(envelopes[i])).isTrue();
        }
        assertThat(ring.offer(new Envelope(0))).as("full").isFalse();
        assertThat(ring.size()).isEqualTo(EnvelopeRing.CAPACITY);
        for (int i = 0; i < EnvelopeRing.CAPACITY; i++) {
            assertThat(ring.poll()).isSameAs(envelopes[i]);
        }
        assertThat(ring.poll()).isNull();
        assertThat(ring.size()).isZero();
    }

    @Test
    void wrapsAroundManyTimes() {
        Envelope e = new Envelope(0);
        for (int i = 0; i < 10 * EnvelopeRing.CAPACITY; i++) {
            assertThat(ring.offer(e)).isTrue();
            assertThat(ring.poll()).isSameAs(e);
        }
    }
}
