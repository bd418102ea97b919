package io.github.rota.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.rota.api.Settings;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DemoMainTest {

    @Test
    void theFileSplitsIntoTheSystemsNameItsSettingsAndTheDemos() {
        DemoMain.Launch launch = DemoMain.Launch.of(Map.of("rota.system.name", "edge", "rota.system.default.dispatcher",
                "default", "rota.dispatcher.default.throughput", " 64 ", "rota.demo.rate", "200",
                "rota.demo.enabled", "false", "java.version", "ignored"));

        assertThat(launch.systemName()).isEqualTo("edge");
        assertThat(launch.settings()).isEqualTo(Settings.of(Map.of("rota.system.default.dispatcher", "default",
                "rota.dispatcher.default.throughput", "64")));
        assertThat(launch.demoEnabled()).isFalse();
        assertThat(launch.rate()).isEqualTo(200);
        assertThat(launch.reportSeconds()).isEqualTo(10);
    }

    @Test
    void badDemoValuesAreRejectedWithTheKey() {
        assertThatThrownBy(() -> DemoMain.Launch.of(Map.of("rota.demo.rate", "0")))
                .hasMessage("rota.demo.rate must be in 1..10000000, was 0");
        assertThatThrownBy(() -> DemoMain.Launch.of(Map.of("rota.demo.reportSeconds", "abc")))
                .hasMessage("rota.demo.reportSeconds must be an integer in 1..86400, was 'abc'");
        assertThatThrownBy(() -> DemoMain.Launch.of(Map.of("rota.demo.enabled", "maybe")))
                .hasMessage("rota.demo.enabled must be true or false, was 'maybe'");
        assertThatThrownBy(() -> DemoMain.Launch.of(Map.of("rota.demo.speed", "9")))
                .hasMessageStartingWith("unknown setting 'rota.demo.speed'");
    }
}
