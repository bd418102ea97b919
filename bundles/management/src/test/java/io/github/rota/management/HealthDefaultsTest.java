package io.github.rota.management;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.Reader;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * The default thresholds are written down three times: in the code, in the Metatype description an
 * operator's console shows, and in the distribution's .cfg file (which the bundles' Configurator
 * JSON and the Karaf feature copy, checked in their own tests). They must say the same.
 */
class HealthDefaultsTest {

    @Test
    void theMetatypeDefaultsAreTheCodes() throws Exception {
        Map<String, Object> metatype = new HashMap<>();
        for (Method attribute : ManagementComponent.HealthConfiguration.class.getDeclaredMethods()) {
            metatype.put(attribute.getName(), attribute.getDefaultValue());
        }

        assertThat(HealthThresholds.from(metatype)).isEqualTo(HealthThresholds.DEFAULTS);
        assertThat(metatype).hasSize(1 + 2 * 6);
    }

    @Test
    void theDistributionsCfgFileHoldsTheCodesDefaults() throws Exception {
        Properties shipped = new Properties();
        try (Reader in = Files.newBufferedReader(Path.of("../../config/etc/io.github.rota.health.cfg"))) {
            shipped.load(in);
        }
        Map<String, Object> values = new HashMap<>();
        shipped.stringPropertyNames().forEach(key -> values.put(key, shipped.getProperty(key)));

        assertThat(HealthThresholds.from(values)).isEqualTo(HealthThresholds.DEFAULTS);
        assertThat(values).hasSize(1 + 2 * 6);
    }
}
