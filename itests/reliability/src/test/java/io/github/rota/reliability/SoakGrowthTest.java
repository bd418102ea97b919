package io.github.rota.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How the soak judges growth: steady samples pass, a leak or a thread that keeps being added does not. */
class SoakGrowthTest {

    private static List<Soak.Sample> samples(long heapStart, long heapStep, int threadsStart, int threadStep) {
        List<Soak.Sample> samples = new ArrayList<>();
        for (int i = 0; i < 31; i++) {
            long ledger = i * 1_000_000L / 8;
            samples.add(new Soak.Sample(i * 60L, heapStart + i * heapStep + ledger, threadsStart + i * threadStep,
                    i * 1_000_000L, ledger));
        }
        return samples;
    }

    @Test
    void aSteadyHeapAndThreadCountPassEvenWhileTheLedgerGrows() {
        assertThat(Soak.growth(samples(3L << 20, 0, 11, 0))).isEmpty();
    }

    @Test
    void aHeapThatKeepsGrowingIsReported() {
        assertThat(Soak.growth(samples(3L << 20, 1L << 20, 11, 0))).singleElement().asString()
                .startsWith("heap after GC (less the ledger) grew from");
    }

    @Test
    void aThreadCountThatKeepsGrowingIsReported() {
        assertThat(Soak.growth(samples(3L << 20, 0, 11, 1))).singleElement().asString().startsWith("threads grew from");
    }

    @Test
    void aPlanThatCannotYieldEnoughSamplesIsRefusedUpFrontAndTheShortestThatCanIsAccepted() {
        assertThatThrownBy(() -> Soak.checkPlan(10, 5)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a soak of 10 s sampled every 5 s cannot be judged: it needs SAMPLE_SECONDS >= 1 and "
                        + "SECONDS >= 4 x SAMPLE_SECONDS (4 samples)");
        assertThatThrownBy(() -> Soak.checkPlan(10, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatCode(() -> Soak.checkPlan(20, 5)).doesNotThrowAnyException();
        assertThatCode(() -> Soak.checkPlan(4, 1)).doesNotThrowAnyException();
    }
}
