package io.github.rota.management;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The thresholds as ConfigAdmin hands them over: strings from a .cfg file, numbers from the API, defaults for the rest. */
class HealthThresholdsTest {

    @Test
    void missingKeysTakeTheDefaults() {
        HealthThresholds defaults = HealthThresholds.from(Map.of());

        assertThat(defaults.windowSeconds()).isEqualTo(60);
        assertThat(defaults.warn("queue-delay")).isEqualTo(100);
        assertThat(defaults.critical("saturation")).isEqualTo(300);
    }

    @Test
    void stringsAndNumbersAreRead() {
        HealthThresholds thresholds = HealthThresholds.from(Map.of("starvationWarn", " 3 ", "starvationCritical", 7L,
                "windowSeconds", 10));

        assertThat(thresholds.warn("starvation")).isEqualTo(3);
        assertThat(thresholds.critical("starvation")).isEqualTo(7);
        assertThat(thresholds.windowSeconds()).isEqualTo(10);
    }

    @Test
    void aValueThatIsNotAPositiveWholeNumberIsRefusedByName() {
        assertThatThrownBy(() -> HealthThresholds.from(Map.of("backlogWarn", "lots")))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("key 'backlogWarn' must be a whole number, was 'lots'");
        assertThatThrownBy(() -> HealthThresholds.from(Map.of("windowSeconds", 0)))
                .hasMessage("key 'windowSeconds' must be at least 1, was 0");
        assertThatThrownBy(() -> HealthThresholds.from(Map.of("deadLettersWarn", 2.5)))
                .hasMessage("key 'deadLettersWarn' must be a whole number, was '2.5'");
    }

    @Test
    void anUnknownKeyOrAWindowLongerThanADayIsRefusedButWhatAContainerAddsIsNot() {
        assertThatThrownBy(() -> HealthThresholds.from(Map.of("starvationWran", "1")))
                .hasMessage("unknown key 'starvationWran'");
        assertThatThrownBy(() -> HealthThresholds.from(Map.of("windowSeconds", "86401")))
                .hasMessage("key 'windowSeconds' must be at most 86400, was 86401");
        assertThatThrownBy(() -> HealthThresholds.from(Map.of("backlogWarn", new java.math.BigDecimal("1.5"))))
                .hasMessage("key 'backlogWarn' must be a whole number, was '1.5'");

        assertThat(HealthThresholds.from(Map.of("service.pid", "io.github.rota.health", "component.id", 7L,
                "felix.fileinstall.filename", "file:/etc/io.github.rota.health.cfg")).windowSeconds()).isEqualTo(60);
    }

    @Test
    void aCriticalThresholdBelowItsWarningIsRefused() {
        assertThatThrownBy(() -> HealthThresholds.from(Map.of("queueDelayWarnMillis", "500", "queueDelayCriticalMillis", "200")))
                .hasMessage("key 'queueDelayCriticalMillis' (200) must not be below 'queueDelayWarnMillis' (500)");
    }
}
