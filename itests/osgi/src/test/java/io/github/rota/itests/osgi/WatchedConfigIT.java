package io.github.rota.itests.osgi;

import static org.awaitility.Awaitility.await;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;

import io.github.rota.api.ActorSystem;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Dictionary;
import javax.inject.Inject;
import org.junit.Before;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;
import org.osgi.service.cm.ConfigurationAdmin;

/**
 * The watched directory and ConfigAdmin never disagree and never tear: changes made through
 * ConfigAdmin (as JMX and Gogo make them) land in the {@code .cfg} files whole, while FileInstall
 * polls the directory every few milliseconds; an edited file applies live; a deleted configuration
 * takes its file with it.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class WatchedConfigIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final String DISPATCHER_PID = "io.github.rota.dispatcher";
    private static final int WRITES = 300;

    @Inject
    private ConfigurationAdmin configAdmin;
    @Inject
    private ActorSystem system;

    @Configuration
    public Option[] config() {
        // A poll far faster than the distribution's, so a half-written file would be read.
        return Distribution.options(WatchedConfigIT.class, 2);
    }

    @Before
    public void started() {
        Distribution.awaitStarted(system);
    }

    @Test
    public void rapidConfigAdminWritesLandWholeInTheWatchedFile() throws Exception {
        Path file = etc().resolve("io.github.rota.dispatcher-default.cfg");
        org.osgi.service.cm.Configuration config = configAdmin.getFactoryConfiguration(DISPATCHER_PID, "default", "?");
        for (int budget = 1; budget <= WRITES; budget++) {
            Dictionary<String, Object> properties = config.getProperties();
            properties.put("throughput", String.valueOf(budget));
            config.update(properties);
        }
        await().atMost(TIMEOUT).until(() -> system.dispatcher("default").orElseThrow().throughputBudget() == WRITES);
        await().atMost(TIMEOUT).until(() -> Files.readString(file).contains("throughput = " + WRITES));
        Dictionary<String, Object> last = config.getProperties();
        assertEquals("default", last.get("id"));
        assertEquals("work-stealing", last.get("kind"));
        assertEquals(String.valueOf(WRITES), String.valueOf(last.get("throughput")));
        String saved = Files.readString(file);
        assertEquals(saved, 1, count(saved, "id = default"));
        assertEquals(saved, 1, count(saved, "kind = work-stealing"));
        assertFalse(Files.readString(Distribution.log(WatchedConfigIT.class)), Files.readString(Distribution.log(WatchedConfigIT.class)).contains("rejected"));
    }

    @Test
    public void anEditedFileAppliesLive() throws Exception {
        Path file = etc().resolve("io.github.rota.dispatcher-default.cfg");
        String edited = Files.readString(file).replaceAll("(?m)^throughput = \\d+$", "throughput = 99");
        Path next = Files.writeString(etc().resolveSibling("edited.cfg"), edited, StandardCharsets.UTF_8);
        Files.move(next, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        await().atMost(TIMEOUT).until(() -> system.dispatcher("default").orElseThrow().throughputBudget() == 99);
    }

    @Test
    public void aDroppedFileCreatesADispatcherAndDeletingItsConfigurationRemovesTheFile() throws Exception {
        Path file = etc().resolve("io.github.rota.dispatcher-extra.cfg");
        Path next = Files.writeString(etc().resolveSibling("extra.cfg"), "id = extra\nkind = executor\nworkers = 1\n");
        Files.move(next, file, StandardCopyOption.ATOMIC_MOVE);
        await().atMost(TIMEOUT).until(() -> system.dispatcher("extra").isPresent());

        configAdmin.getFactoryConfiguration(DISPATCHER_PID, "extra", "?").delete();
        await().atMost(TIMEOUT).until(() -> system.dispatcher("extra").isEmpty() && !Files.exists(file));
    }

    private static Path etc() {
        return Distribution.etc(WatchedConfigIT.class);
    }

    private static int count(String text, String line) {
        return (int) text.lines().filter(line::equals).count();
    }
}
