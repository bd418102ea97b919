package io.github.rota.itests.osgi;

import static org.awaitility.Awaitility.await;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;

import io.github.rota.api.ActorSystem;
import io.github.rota.api.DispatcherView;
import io.github.rota.api.DispatcherCounter;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collections;
import java.util.Dictionary;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.Stream;
import javax.inject.Inject;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;
import org.osgi.framework.BundleContext;
import org.osgi.service.cm.ConfigurationAdmin;

/**
 * A Felix without FileInstall and without Rota's config bundle, with the OSGi Configurator: the JSON
 * Rota's bundles carry configures it, and it runs as the distribution does with its etc/.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class ConfiguratorIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    @Inject
    private BundleContext context;
    @Inject
    private ConfigurationAdmin configAdmin;
    @Inject
    private ActorSystem system;

    @Configuration
    public Option[] config() {
        return Distribution.withConfiguratorInsteadOfFileInstall(ConfiguratorIT.class);
    }

    @Test
    public void theBundlesOwnDefaultsStartTheSystemAndTheDemoRuns() {
        assertFalse("no FileInstall here", Arrays.stream(context.getBundles())
                .anyMatch(b -> b.getSymbolicName().startsWith("org.apache.felix.fileinstall")
                        || b.getSymbolicName().equals("io.github.rota.config")));
        Distribution.awaitStarted(system);
        DispatcherView dispatcher = system.dispatcher("default").orElseThrow();
        assertEquals("work-stealing", dispatcher.kind());
        assertEquals(32, dispatcher.throughputBudget());
        long messages = dispatcher.counter(DispatcherCounter.MESSAGES);
        await("the demo's traffic").atMost(TIMEOUT).until(() -> dispatcher.counter(DispatcherCounter.MESSAGES) > messages + 1_000);
    }

    @Test
    public void everyConfigurationOfTheDistributionsEtcIsThereWithTheSameValues() throws Exception {
        Path etc = Path.of(System.getProperty("rota.distribution.dir"), "etc");
        List<Path> files;
        try (Stream<Path> list = Files.list(etc)) {
            files = list.filter(p -> p.toString().endsWith(".cfg")).sorted().toList();
        }
        assertFalse(files.isEmpty());
        for (Path file : files) {
            String name = file.getFileName().toString().replaceFirst("\\.cfg$", "");
            // A factory configuration's file is <factory pid>-<name>; ConfigAdmin calls it <factory pid>~<name>.
            String pid = name.startsWith("io.github.rota.dispatcher-") ? name.replaceFirst("-", "~") : name;
            await(pid).atMost(TIMEOUT).until(() -> configAdmin.listConfigurations("(service.pid=" + pid + ")") != null);
            Dictionary<String, Object> applied = configAdmin.listConfigurations("(service.pid=" + pid + ")")[0].getProperties();
            assertNotNull(pid, applied);
            Properties shipped = new Properties();
            try (Reader in = Files.newBufferedReader(file)) {
                shipped.load(in);
            }
            assertEquals(pid, new TreeMap<>(shipped), rotaKeys(applied));
        }
    }

    /** The configuration's own keys, as strings (ConfigAdmin and the Configurator add theirs). */
    private static Map<Object, Object> rotaKeys(Dictionary<String, Object> properties) {
        Map<Object, Object> keys = new TreeMap<>();
        for (String key : Collections.list(properties.keys())) {
            if (!key.startsWith("service.") && !key.startsWith(":configurator:")) {
                keys.put(key, String.valueOf(properties.get(key)));
            }
        }
        assertTrue(!keys.isEmpty());
        return keys;
    }
}
