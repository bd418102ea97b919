package io.github.rota.itests.osgi;

import static org.ops4j.pax.exam.CoreOptions.bundle;
import static org.ops4j.pax.exam.CoreOptions.cleanCaches;
import static org.ops4j.pax.exam.CoreOptions.frameworkProperty;
import static org.ops4j.pax.exam.CoreOptions.junitBundles;
import static org.ops4j.pax.exam.CoreOptions.mavenBundle;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.ops4j.pax.exam.Option;

/**
 * The Felix the tests run in: exactly the built distribution's bundle set (boot/ at start level 1,
 * bundle/ after it) and a fresh copy of its watched configuration directory, plus Pax Exam's own
 * bundles and Awaitility.
 */
final class Distribution {

    /** The start order of boot/, as in the distribution's conf/config.properties. */
    private static final List<String> BOOT = List.of("asm.jar", "asm-tree.jar", "asm-analysis.jar", "asm-commons.jar",
            "asm-util.jar", "org.apache.aries.spifly.dynamic.bundle.jar", "slf4j-api.jar", "slf4j-simple.jar");

    private Distribution() {
    }

    /**
     * @param testClass the test class the container is for: each gets its own configuration
     *                  directory, since Pax Exam may prepare one container while another runs
     */
    static Option[] options(Class<?> testClass) {
        Path home = Path.of(System.getProperty("rota.distribution.dir"));
        Path etc = freshCopy(home.resolve("etc"), etc(testClass));
        List<Option> options = new ArrayList<>();
        options.add(frameworkProperty("felix.bootdelegation.implicit").value("false"));
        // No console in a test JVM: Gogo must not read stdin.
        options.add(frameworkProperty("gosh.args").value("--nointeractive"));
        options.add(frameworkProperty("felix.fileinstall.dir").value(etc.toString()));
        options.add(frameworkProperty("felix.fileinstall.poll").value("200"));
        options.add(frameworkProperty("felix.fileinstall.noInitialDelay").value("true"));
        for (String jar : BOOT) {
            options.add(bundle(home.resolve("boot").resolve(jar).toUri().toString()).startLevel(1));
        }
        for (File jar : jars(home.resolve("bundle"))) {
            options.add(bundle(jar.toURI().toString()).startLevel(2));
        }
        options.add(mavenBundle("org.hamcrest", "hamcrest", System.getProperty("hamcrest.version")));
        options.add(mavenBundle("org.awaitility", "awaitility", System.getProperty("awaitility.version")));
        options.add(junitBundles());
        options.add(cleanCaches());
        return options.toArray(new Option[0]);
    }

    /** @return the watched configuration directory of the container for {@code testClass} */
    static Path etc(Class<?> testClass) {
        return Path.of(System.getProperty("rota.itest.dir"), testClass.getSimpleName(), "etc");
    }

    /** @return the file every bundle's SLF4J output goes to */
    static Path log() {
        return Path.of(System.getProperty("org.slf4j.simpleLogger.logFile"));
    }

    private static List<File> jars(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.toString().endsWith(".jar")).sorted().map(Path::toFile).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("no distribution at " + dir + ": build it first (mvn package)", e);
        }
    }

    private static Path freshCopy(Path from, Path to) {
        try {
            Files.createDirectories(to);
            try (Stream<Path> old = Files.list(to)) {
                for (Path p : old.toList()) {
                    Files.delete(p);
                }
            }
            try (Stream<Path> files = Files.list(from)) {
                for (Path p : files.toList()) {
                    Files.copy(p, to.resolve(p.getFileName()), StandardCopyOption.REPLACE_EXISTING);
                }
            }
            return to;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
