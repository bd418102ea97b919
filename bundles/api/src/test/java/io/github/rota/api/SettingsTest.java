package io.github.rota.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SettingsTest {

    @Test
    void codeSettingsAreImmutableAndTrimmed() {
        Settings base = Settings.empty();
        Settings tuned = base.with("rota.dispatcher.default.throughput", " 64 ");
        assertThat(base.asMap()).isEmpty();
        assertThat(tuned.get("rota.dispatcher.default.throughput")).hasValue("64");
        assertThatThrownBy(() -> tuned.asMap().put("rota.x", "y")).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void dispatcherAndMailboxIdsShareOneSyntax() {
        assertThat(List.of("default", "io-bound", "pool_2", "7")).allMatch(Settings::isValidIdSyntax);
        assertThat(java.util.Arrays.asList("", "-lead", "_lead", "a.b", "a b", "ümlaut", null))
                .noneMatch(Settings::isValidIdSyntax);
    }

    @Test
    void whatAContainerAddsIsMetadataButAMisspeltSettingIsNot() {
        assertThat(List.of("service.pid", "service.factoryPid", "component.name", "felix.fileinstall.filename",
                "org.apache.karaf.features.configKey", "osgi.ds.satisfying.condition.target", ".private"))
                .allMatch(Settings::isContainerMetadata);
        assertThat(List.of("throughput", "throughputt", "id", "default.dispatcher", "workers", "karaf"))
                .noneMatch(Settings::isContainerMetadata);
    }

    @Test
    void keysMustCarryThePrefix() {
        assertThatThrownBy(() -> Settings.empty().with("dispatcher.default.throughput", 64))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("setting key must start with 'rota.': dispatcher.default.throughput");
        assertThatThrownBy(() -> Settings.of(Map.of("throughput", "1"))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aPropertiesFileIsReadAndForeignKeysIgnored(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("rota.properties");
        Files.writeString(file, "rota.dispatcher.io.workers = 8\nrota.system.default.dispatcher=io\nother.key=1\n");
        Settings settings = Settings.load(file);
        assertThat(settings.asMap()).containsOnly(
                Map.entry("rota.dispatcher.io.workers", "8"), Map.entry("rota.system.default.dispatcher", "io"));
        assertThat(settings.dispatcherIds()).containsExactly("default", "io");
    }

    @Test
    void aMissingFileFailsNamingIt(@TempDir Path dir) {
        Path missing = dir.resolve("nope.properties");
        assertThatThrownBy(() -> Settings.load(missing))
                .isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining(missing.toString());
    }

    @Test
    void codeWinsOverItsFallback() {
        Settings code = Settings.empty().with("rota.dispatcher.default.throughput", 8);
        Settings file = Settings.empty().with("rota.dispatcher.default.throughput", 64).with("rota.pool.enabled", false);
        assertThat(code.withFallback(file).asMap()).containsOnly(
                Map.entry("rota.dispatcher.default.throughput", "8"), Map.entry("rota.pool.enabled", "false"));
    }

    @Test
    void defaultsAreSystemPropertiesOverTheNamedFile(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("rota.properties");
        Files.writeString(file, "rota.dispatcher.default.throughput=64\nrota.dispatcher.default.workers=3\n");
        Properties saved = (Properties) System.getProperties().clone();
        try {
            System.setProperty(Settings.CONFIG_FILE_PROPERTY, file.toString());
            System.setProperty("rota.dispatcher.default.throughput", "16");
            Settings defaults = Settings.defaults();
            assertThat(defaults.get("rota.dispatcher.default.throughput")).hasValue("16");
            assertThat(defaults.get("rota.dispatcher.default.workers")).hasValue("3");
            assertThat(defaults.get(Settings.CONFIG_FILE_PROPERTY)).isEmpty();
        } finally {
            System.setProperties(saved);
        }
    }

    @Test
    void aJvmsOtherRotaPropertiesAreNotSettings() {
        Properties saved = (Properties) System.getProperties().clone();
        try {
            System.setProperty("rota.typo", "x"); // an application's own property, or a tool's
            System.setProperty("rota.home", "/opt/rota");
            System.setProperty("rota.dispatcher.default.throughput", "16");
            System.setProperty("rota.system.default.mailbox", "bounded");
            System.setProperty("rota.mailbox.small.type", "bounded");
            System.setProperty("rota.pool.enabled", "true");
            assertThat(Settings.fromSystemProperties().asMap()).containsOnlyKeys("rota.dispatcher.default.throughput",
                    "rota.system.default.mailbox", "rota.mailbox.small.type", "rota.pool.enabled");
        } finally {
            System.setProperties(saved);
        }
    }
}
