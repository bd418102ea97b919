package io.github.rota.spi.jfr;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

/** The {@code sampleEvery} setting as JFR drives it: combined across recordings, set, then asked per event. */
class SampleEveryTest {

    private final SampleEvery setting = new SampleEvery();

    @Test
    void recordsEveryEventByDefault() {
        assertThat(setting.getValue()).isEqualTo("1");
        for (int i = 0; i < 1_000; i++) {
            assertThat(setting.sample()).isTrue();
        }
    }

    @Test
    void twoRecordingsGetTheDenserOfTheirRates() {
        assertThat(setting.combine(Set.of("64", "8", "1000"))).isEqualTo("8");
        assertThat(setting.combine(Set.of())).isEqualTo("1");
    }

    @Test
    void aValueThatIsNotAPositiveNumberRecordsEverything() {
        for (String bad : new String[] {"0", "-5", "often", ""}) {
            setting.setValue(bad);
            assertThat(setting.getValue()).as(bad).isEqualTo("1");
        }
        assertThat(setting.combine(Set.of("often", "16"))).isEqualTo("1");
    }

    @Test
    void oneInNIsRecordedOnAverage() {
        setting.setValue(" 16 ");
        assertThat(setting.getValue()).isEqualTo("16");
        int trials = 160_000;
        int recorded = 0;
        for (int i = 0; i < trials; i++) {
            if (setting.sample()) {
                recorded++;
            }
        }
        // 10,000 expected; the standard deviation is about 97, so this bound is over 10 of them.
        assertThat(recorded).isBetween(9_000, 11_000);
    }
}
