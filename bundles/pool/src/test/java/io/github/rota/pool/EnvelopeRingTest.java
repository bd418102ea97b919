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

    @Test
    void batchesAreFifoTakeWhatIsThereAndStoreWhatFits() {
        Envelope[] in = envelopes(EnvelopeRing.CAPACITY - 10);
        assertThat(ring.offerBatch(in, 0, in.length)).isEqualTo(in.length);
        Envelope[] more = envelopes(30);
        assertThat(ring.offerBatch(more, 0, 30)).as("only ten cells are free").isEqualTo(10);
        assertThat(ring.offerBatch(more, 10, 20)).as("full").isZero();

        Envelope[] out = new Envelope[EnvelopeRing.CAPACITY + 5];
        assertThat(ring.pollBatch(out, 5, 32)).isEqualTo(32);
        for (int i = 0; i < 32; i++) {
            assertThat(out[5 + i]).isSameAs(in[i]);
        }
        assertThat(ring.pollBatch(out, 0, EnvelopeRing.CAPACITY)).isEqualTo(EnvelopeRing.CAPACITY - 32);
        assertThat(out[EnvelopeRing.CAPACITY - 33]).as("the last one stored").isSameAs(more[9]);
        assertThat(ring.pollBatch(out, 0, 8)).as("empty").isZero();
        assertThat(ring.poll()).isNull();
    }

    @Test
    void batchesAndSingleOperationsInterleaveAcrossTheWrap() {
        Envelope[] batch = envelopes(7);
        Envelope[] out = new Envelope[7];
        for (int i = 0; i < 5 * EnvelopeRing.CAPACITY; i++) {
            Envelope single = new Envelope(0);
            assertThat(ring.offer(single)).isTrue();
            assertThat(ring.offerBatch(batch, 0, 7)).isEqualTo(7);
            assertThat(ring.poll()).isSameAs(single);
            assertThat(ring.pollBatch(out, 0, 7)).isEqualTo(7);
            assertThat(out).containsExactly(batch);
        }
        assertThat(ring.size()).isZero();
    }

    private static Envelope[] envelopes(int n) {
        Envelope[] envelopes = new Envelope[n];
        for (int i = 0; i < n; i++) {
            envelopes[i] = new Envelope(0);
        }
        return envelopes;
    }
}
