package io.github.rota.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The probe answers in every run: a one-core JVM cannot spin two threads at once, and must not try. */
class CrossCoreProbeTest {

    @Test
    void aJvmWithOneCpuDoesNotProbe() throws Exception {
        assertThat(CrossCoreProbe.roundTripNanos(1, TimeUnit.HOURS.toNanos(1))).isNaN();
        assertThat(CrossCoreProbe.state(Double.NaN)).isEqualTo("unknown");
    }

    @Test
    void aProbePastItsDeadlineGivesUpAndTheNextProbeStillMeasures() throws Exception {
        assertThat(CrossCoreProbe.roundTripNanos(2, 0)).isNaN();

        assertThat(CrossCoreProbe.roundTripNanos(2, TimeUnit.MINUTES.toNanos(1))).as("the echo is free again").isPositive();
    }

    @Test
    void twoCpusMeasureARoundTrip() throws Exception {
        double nanos = CrossCoreProbe.roundTripNanos(2, TimeUnit.MINUTES.toNanos(1));

        assertThat(nanos).isPositive();
        assertThat(CrossCoreProbe.state(nanos)).isIn(CrossCoreProbe.STATES);
    }

    @Test
    void aRoundTripPutsTheMachineInOneOfThreeStates() {
        assertThat(CrossCoreProbe.state(55)).isEqualTo("fast");
        assertThat(CrossCoreProbe.state(100)).isEqualTo("fast");
        assertThat(CrossCoreProbe.state(124)).isEqualTo("middle");
        assertThat(CrossCoreProbe.state(200)).isEqualTo("middle");
        assertThat(CrossCoreProbe.state(430)).isEqualTo("slow");
        assertThat(CrossCoreProbe.STATES).allSatisfy(state -> assertThat(CrossCoreProbe.range(state)).contains(" ns"));
    }
}
