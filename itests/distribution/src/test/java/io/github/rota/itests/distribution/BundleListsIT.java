package io.github.rota.itests.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The bundles are listed by hand in several places: the distribution's pom (which the assembly
 * turns into {@code boot/} and {@code bundle/}), Felix's {@code config.properties} (what
 * {@code boot/} starts first), the Karaf feature repository, and the runtime image's pom. The
 * distribution as built is the one source; this checks the others against it, so that a bundle
 * added in one place and forgotten in another fails the build.
 */
class BundleListsIT {

    /**
     * Felix only: Karaf reads its own etc/, and its WebConsole (4, on javax servlets) cannot run the
     * Rota page (written for WebConsole 5, on Jakarta servlets); Gogo's commands, Felix Health Checks
     * and WebConsole pages have no place in a module-path image.
     */
    private static final Set<String> FELIX_ONLY_BUNDLES = Set.of("rota-config", "rota-webconsole");
    private static final Set<String> FELIX_ONLY_MODULES = Set.of("io.github.rota.config", "io.github.rota.shell",
            "io.github.rota.healthcheck", "io.github.rota.webconsole");
    /** The image's own: the workload runner its {@code bin/rota bench} runs. */
    private static final Set<String> IMAGE_ONLY_MODULES = Set.of("io.github.rota.bench");
    private static final Pattern ROTA_JAR = Pattern.compile("(rota-[a-z]+)(-\\d.*)?\\.jar");
    private static final Pattern FEATURE_BUNDLE = Pattern.compile("<bundle>mvn:io\\.github\\.rota/(rota-[a-z]+)/");

    private static UnpackedDistribution felix;

    @BeforeAll
    static void unpack() throws Exception {
        felix = UnpackedDistribution.unpack("bundle-lists");
    }

    @Test
    void configPropertiesStartsExactlyTheJarsInBoot() throws Exception {
        Properties config = new Properties();
        try (var in = Files.newInputStream(felix.home.resolve("conf/config.properties"))) {
            config.load(in);
        }
        Set<String> started = config.stringPropertyNames().stream().filter(key -> key.startsWith("felix.auto.start."))
                .flatMap(key -> Arrays.stream(config.getProperty(key).trim().split("\\s+")))
                .filter(url -> url.startsWith("file:")) // not ${rota.web.bundles}, which bin/rota fills from web/
                .map(url -> url.replaceFirst("^file:boot/", "")).collect(Collectors.toCollection(TreeSet::new));
        assertThat(started).isEqualTo(jarNames(felix.home.resolve("boot")));
    }

    @Test
    void theKarafFeaturesHoldTheDistributionsRotaBundlesButTheFelixOnlyOnes() throws Exception {
        String features = Files.readString(Path.of(System.getProperty("rota.features.xml")));
        Set<String> inFeatures = new TreeSet<>();
        Matcher bundle = FEATURE_BUNDLE.matcher(features);
        while (bundle.find()) {
            inFeatures.add(bundle.group(1));
        }
        Set<String> expected = rotaArtifacts();
        expected.removeAll(FELIX_ONLY_BUNDLES);
        assertThat(inFeatures).isEqualTo(expected);
    }

    @Test
    void theRuntimeImageHoldsTheDistributionsRotaModulesButTheFelixOnlyOnesAndTheRunner() throws Exception {
        UnpackedDistribution image = UnpackedDistribution.unpackImage("bundle-lists-image");
        UnpackedDistribution.Result listed = UnpackedDistribution.run(
                List.of(image.home.resolve("bin/java").toString(), "--list-modules"), image.home);
        assertThat(listed.exit()).isZero();
        Set<String> inImage = Arrays.stream(listed.output().split("\\R")).filter(l -> l.startsWith("io.github.rota."))
                .map(l -> l.substring(0, l.indexOf('@'))).collect(Collectors.toCollection(TreeSet::new));

        Set<String> expected = new TreeSet<>();
        for (Path dir : List.of(felix.home.resolve("boot"), felix.home.resolve("bundle"), felix.home.resolve("web"))) {
            for (ModuleReference module : ModuleFinder.of(rotaJars(dir).toArray(Path[]::new)).findAll()) {
                expected.add(module.descriptor().name());
            }
        }
        expected.removeAll(FELIX_ONLY_MODULES);
        expected.addAll(IMAGE_ONLY_MODULES);
        assertThat(inImage).isEqualTo(expected);
    }

    /** {@return the Rota artifacts in boot/, bundle/ and web/} */
    private static Set<String> rotaArtifacts() throws Exception {
        Set<String> artifacts = new TreeSet<>();
        for (Path dir : List.of(felix.home.resolve("boot"), felix.home.resolve("bundle"), felix.home.resolve("web"))) {
            for (Path jar : rotaJars(dir)) {
                Matcher name = ROTA_JAR.matcher(jar.getFileName().toString());
                assertThat(name.matches()).isTrue();
                artifacts.add(name.group(1));
            }
        }
        return artifacts;
    }

    private static List<Path> rotaJars(Path dir) throws Exception {
        try (Stream<Path> jars = Files.list(dir)) {
            return jars.filter(jar -> ROTA_JAR.matcher(jar.getFileName().toString()).matches()).sorted().toList();
        }
    }

    private static Set<String> jarNames(Path dir) throws Exception {
        try (Stream<Path> jars = Files.list(dir)) {
            return jars.map(jar -> jar.getFileName().toString()).filter(name -> name.endsWith(".jar"))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
    }
}
