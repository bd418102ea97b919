package io.github.rota.dispatcher.osgi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConfigAdminPropertiesTest {

    @Test
    void keepsOnlyTheDispatchersOwnKeysAsStrings() {
        Map<String, String> keys = ConfigAdminProperties.of(Map.of(
                "service.pid", "io.github.rota.dispatcher~default",
                "service.factoryPid", "io.github.rota.dispatcher",
                "component.id", 3L,
                "felix.fileinstall.filename", "file:/etc/io.github.rota.dispatcher-default.cfg",
                "org.apache.karaf.features.configKey", "io.github.rota.dispatcher-default",
                "id", "default",
                "throughput", 64,
                "workers", " 4 ",
                "decorators", List.of("metering", "tracing")));

        assertThat(keys).containsExactlyInAnyOrderEntriesOf(Map.of(
                "id", "default", "throughput", "64", "workers", "4", "decorators", "metering,tracing"));
    }

    @Test
    void aThroughputChangeAloneCanBeAppliedLive() {
        Map<String, String> before = Map.of("id", "default", "kind", "work-stealing", "throughput", "32");

        assertThat(ConfigAdminProperties.differOnlyInThroughput(before, Map.of("id", "default", "kind", "work-stealing", "throughput", "64")))
                .isTrue();
        assertThat(ConfigAdminProperties.differOnlyInThroughput(before, Map.of("id", "default", "kind", "executor", "throughput", "64")))
                .isFalse();
        assertThat(ConfigAdminProperties.differOnlyInThroughput(before, Map.of("id", "default", "kind", "work-stealing", "throughput", "32",
                "workers", "4"))).isFalse();
        assertThat(ConfigAdminProperties.differOnlyInThroughput(before, before)).isFalse();
    }
}
