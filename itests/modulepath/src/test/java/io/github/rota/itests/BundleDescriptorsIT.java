package io.github.rota.itests;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every Rota jar is both an OSGi bundle and a named JPMS module, and the two descriptions agree:
 * the module's unqualified exports are exactly the manifest's Export-Package.
 */
class BundleDescriptorsIT {

    static Stream<Path> bundles() throws IOException {
        Path dir = Path.of(System.getProperty("rota.bundles.dir"));
        List<Path> jars;
        try (Stream<Path> files = Files.list(dir)) {
            jars = files.filter(p -> p.getFileName().toString().endsWith(".jar")).sorted().collect(Collectors.toList());
        }
        assertThat(jars.stream().map(p -> p.getFileName().toString().replaceAll("-\\d.*", "")))
                .containsExactlyInAnyOrder("rota-api", "rota-spi", "rota-dispatcher", "rota-mailbox", "rota-pool", "rota-runtime", "rota-testkit",
                        "rota-demo", "rota-shell", "rota-management", "rota-config", "rota-healthcheck", "rota-micrometer",
                        "rota-webconsole");
        return jars.stream();
    }

    @ParameterizedTest
    @MethodSource("bundles")
    void moduleExportsAndBundleExportsAgree(Path jar) throws IOException {
        Set<ModuleReference> modules = ModuleFinder.of(jar).findAll();
        assertThat(modules).hasSize(1);
        ModuleDescriptor descriptor = modules.iterator().next().descriptor();
        assertThat(descriptor.isAutomatic()).as("has a module-info.class").isFalse();
        assertThat(descriptor.name()).startsWith("io.github.rota.");

        Attributes manifest;
        try (JarFile file = new JarFile(jar.toFile())) {
            manifest = file.getManifest().getMainAttributes();
        }
        assertThat(manifest.getValue("Bundle-ManifestVersion")).isEqualTo("2");
        assertThat(manifest.getValue("Bundle-SymbolicName")).isEqualTo(descriptor.name());

        Set<String> moduleExports = descriptor.exports().stream()
                .filter(e -> !e.isQualified())
                .map(ModuleDescriptor.Exports::source)
                .collect(Collectors.toCollection(TreeSet::new));
        assertThat(exportedPackages(manifest.getValue("Export-Package"))).isEqualTo(moduleExports);
    }

    /** The package names of an OSGi Export-Package header (clauses split outside quotes). */
    static Set<String> exportedPackages(String header) {
        Set<String> packages = new TreeSet<>();
        if (header == null) {
            return packages;
        }
        for (String clause : splitOutsideQuotes(header, ',')) {
            for (String part : splitOutsideQuotes(clause, ';')) {
                if (!part.contains("=")) {
                    packages.add(part.trim());
                }
            }
        }
        return packages;
    }

    private static List<String> splitOutsideQuotes(String text, char separator) {
        List<String> parts = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        boolean quoted = false;
        for (char c : text.toCharArray()) {
            if (c == '"') {
                quoted = !quoted;
            }
            if (c == separator && !quoted) {
                parts.add(current.toString());
                current.setLength(0);
            } else {
                current.append(c);
            }
        }
        parts.add(current.toString());
        return parts;
    }
}
