package io.github.rota.itests.osgi;

import static org.awaitility.Awaitility.await;
import static org.ops4j.pax.exam.CoreOptions.bundle;
import static org.ops4j.pax.exam.CoreOptions.cleanCaches;
import static org.ops4j.pax.exam.CoreOptions.frameworkProperty;
import static org.ops4j.pax.exam.CoreOptions.junitBundles;
import static org.ops4j.pax.exam.CoreOptions.mavenBundle;
import static org.ops4j.pax.exam.CoreOptions.systemProperty;

import io.github.rota.api.ActorSystem;
import java.io.File;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.ops4j.pax.exam.Option;

/**
 * The Felix the tests run in: exactly the built distribution's bundle set, its web bundles included,
 * in its start levels (read from its conf/config.properties, with its FileInstall settings) and a
 * fresh copy of its watched configuration directory, plus Pax Exam's own bundles and Awaitility.
 */
final class Distribution {

    private Distribution() {
    }

    /**
     * @param testClass the test class the container is for: each gets its own configuration
     *                  directory, since Pax Exam may prepare one container while another runs
     */
    static Option[] options(Class<?> testClass) {
        return options(testClass, 200);
    }

    /**
     * @param pollMillis how often FileInstall looks at the watched directory
     */
    static Option[] options(Class<?> testClass, int pollMillis) {
        Path home = Path.of(System.getProperty("rota.distribution.dir"));
        Path etc = freshCopy(home.resolve("etc"), etc(testClass));
        Properties felix = felixProperties(home);
        List<Option> options = common(testClass, felix, home, jar -> true);
        // The distribution's FileInstall settings, with this container's directory and poll interval.
        for (String key : felix.stringPropertyNames()) {
            if (key.startsWith("felix.fileinstall.")) {
                options.add(frameworkProperty(key).value(felix.getProperty(key)));
            }
        }
        options.add(frameworkProperty("felix.fileinstall.dir").value(etc.toString()));
        options.add(frameworkProperty("felix.fileinstall.poll").value(String.valueOf(pollMillis)));
        return options.toArray(new Option[0]);
    }

    /**
     * The distribution's bundles without FileInstall and Rota's config bundle (so nothing reads
     * etc/), plus the OSGi Configurator with what it needs, started with ConfigAdmin: Rota's
     * configuration then comes only from the JSON its bundles carry.
     */
    static Option[] withConfiguratorInsteadOfFileInstall(Class<?> testClass) {
        Path home = Path.of(System.getProperty("rota.distribution.dir"));
        try {
            Files.createDirectories(log(testClass).getParent());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Option> options = common(testClass, felixProperties(home), home, jar -> !jar.startsWith("org.apache.felix.fileinstall")
                && !jar.startsWith("rota-config"));
        for (String url : System.getProperty("rota.configurator.bundles").trim().split("\\s+")) {
            options.add(bundle(url).startLevel(2));
        }
        return options.toArray(new Option[0]);
    }

    private static List<Option> common(Class<?> testClass, Properties felix, Path home, Predicate<String> jarName) {
        List<Option> options = new ArrayList<>();
        options.add(frameworkProperty("felix.bootdelegation.implicit").value("false"));
        // The distribution's boot delegation (the Flight Recorder's generated classes).
        options.add(frameworkProperty("org.osgi.framework.bootdelegation")
                .value(felix.getProperty("org.osgi.framework.bootdelegation")));
        // The HTTP service stays off, as in a distribution started without --web: nothing here listens.
        options.add(frameworkProperty("org.apache.felix.http.enable").value("false"));
        // No console in a test JVM: Gogo must not read stdin.
        options.add(frameworkProperty("gosh.args").value("--nointeractive"));
        // Containers run one after another in this JVM: each logs to its own file.
        options.add(systemProperty("org.slf4j.simpleLogger.logFile").value(log(testClass).toString()));
        // boot/ in the start levels and order of felix.auto.start.<level>, bundle/ and web/ at felix.startlevel.bundle.
        for (String key : felix.stringPropertyNames()) {
            if (key.startsWith("felix.auto.start.")) {
                int level = Integer.parseInt(key.substring("felix.auto.start.".length()));
                for (String url : felix.getProperty(key).trim().split("\\s+")) {
                    if (!url.startsWith("file:")) {
                        continue; // ${rota.web.bundles}: web/ comes below
                    }
                    Path jar = home.resolve(url.substring("file:".length()));
                    if (jarName.test(jar.getFileName().toString())) {
                        options.add(bundle(jar.toUri().toString()).startLevel(level));
                    }
                }
            }
        }
        int bundleLevel = Integer.parseInt(felix.getProperty("felix.startlevel.bundle"));
        // bundle/, and web/ as bin/rota start --web adds it (with the HTTP service off, above).
        for (String dir : List.of("bundle", "web")) {
            for (File jar : jars(home.resolve(dir))) {
                if (jarName.test(jar.getName())) {
                    options.add(bundle(jar.toURI().toString()).startLevel(bundleLevel));
                }
            }
        }
        options.add(mavenBundle("org.hamcrest", "hamcrest", System.getProperty("hamcrest.version")));
        options.add(mavenBundle("org.awaitility", "awaitility", System.getProperty("awaitility.version")));
        options.add(junitBundles());
        options.add(cleanCaches());
        return options;
    }

    /** {@return the testkit bundle (the delivery ledger), which some containers add} */
    static Option testkit() {
        return bundle(Path.of(System.getProperty("rota.testkit.jar")).toUri().toString());
    }

    /** {@return the reliability scenarios' bundle (it needs {@link #testkit()})} */
    static Option reliability() {
        return bundle(Path.of(System.getProperty("rota.reliability.jar")).toUri().toString());
    }

    /**
     * Waits until the distribution is up as an operator sees it: FileInstall starts last and its
     * first scan makes the default dispatcher, which the actor system then binds.
     */
    static void awaitStarted(ActorSystem system) {
        await("the default dispatcher bound").atMost(Duration.ofSeconds(30))
                .until(() -> system.dispatcher("default").isPresent());
    }

    /** @return the watched configuration directory of the container for {@code testClass} */
    static Path etc(Class<?> testClass) {
        return Path.of(System.getProperty("rota.itest.dir"), testClass.getSimpleName(), "etc");
    }

    /** @return the file every bundle's SLF4J output goes to in the container for {@code testClass} */
    static Path log(Class<?> testClass) {
        return etc(testClass).resolveSibling("rota.log");
    }

    private static Properties felixProperties(Path home) {
        Properties properties = new Properties();
        try (Reader in = Files.newBufferedReader(home.resolve("conf").resolve("config.properties"))) {
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return properties;
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
