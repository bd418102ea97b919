package io.github.rota.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Dictionary;
import java.util.HashMap;
import java.util.Hashtable;
import java.util.Map;
import java.util.Queue;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceReference;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.cm.ConfigurationEvent;

/**
 * The two writers of a {@code .cfg} file — the operator's editor and a ConfigAdmin update (JMX,
 * {@code rota:budget}) — interleaved the ways FileInstall's poller and ConfigAdmin's event thread
 * let them: neither may undo the other. The test plays both threads by hand: {@link #poll()} is the
 * poller noticing the file, {@link #deliverEvents()} is ConfigAdmin's asynchronous event delivery.
 */
class WatchedConfigFilesTest {

    private static final String PID = "io.github.rota.dispatcher";
    private static final String NAME = "default";
    private static final String FILE_TEXT = """
            # The default dispatcher.
            id = default
            kind = work-stealing
            throughput = 32
            """;

    @TempDir
    Path dir;

    private final FakeConfigAdmin configAdmin = new FakeConfigAdmin();
    private final WatchedConfigFiles watched = new WatchedConfigFiles();
    private Path file;

    @BeforeEach
    void installTheFile() throws Exception {
        watched.configAdmin = configAdmin.proxy();
        file = dir.resolve(PID + "-" + NAME + ".cfg");
        Files.writeString(file, FILE_TEXT);
        watched.install(file.toFile());
        deliverEvents();
        assertThat(configuration()).containsEntry("throughput", "32").containsEntry("kind", "work-stealing");
    }

    @Test
    void anEditMadeWhileThePreviousEditIsStillBeingAppliedIsNotLost() throws Exception {
        edit("throughput = 32", "throughput = 48");
        poll(); // the configuration now says 48; its event is still on its way
        edit("kind = work-stealing", "kind = executor"); // the operator's next edit, right away
        deliverEvents(); // the echo of the first edit
        poll();
        deliverEvents();

        assertThat(configuration()).containsEntry("throughput", "48").containsEntry("kind", "executor");
        assertThat(Files.readString(file)).contains("throughput = 48", "kind = executor");
    }

    @Test
    void aConfigAdminUpdateIsSavedIntoTheFileKeepingItsComments() throws Exception {
        updateConfiguration("throughput", "64");
        deliverEvents();
        int updates = configAdmin.updates;
        poll();

        assertThat(Files.readString(file)).isEqualTo(FILE_TEXT.replace("throughput = 32", "throughput = 64"));
        assertThat(configAdmin.updates).as("the poller finds the save is ours and applies nothing").isEqualTo(updates);
    }

    @Test
    void aConfigAdminUpdateAndAFileEditAtTheSameTimeBothStay_eventFirst() throws Exception {
        updateConfiguration("throughput", "64");
        edit("kind = work-stealing", "kind = executor");
        deliverEvents();
        poll();
        deliverEvents();

        assertThat(configuration()).containsEntry("throughput", "64").containsEntry("kind", "executor");
        assertThat(Files.readString(file)).contains("throughput = 64", "kind = executor");
    }

    @Test
    void aConfigAdminUpdateAndAFileEditAtTheSameTimeBothStay_pollFirst() throws Exception {
        updateConfiguration("throughput", "64");
        edit("kind = work-stealing", "kind = executor");
        poll();
        deliverEvents();
        poll();

        assertThat(configuration()).containsEntry("throughput", "64").containsEntry("kind", "executor");
        assertThat(Files.readString(file)).contains("throughput = 64", "kind = executor");
    }

    @Test
    void aKeyRemovedFromTheFileIsRemovedFromTheConfigurationAndOneRemovedThroughConfigAdminFromTheFile()
            throws Exception {
        edit("throughput = 32\n", "");
        poll();
        deliverEvents();
        assertThat(configuration()).doesNotContainKey("throughput").containsEntry("kind", "work-stealing");

        changeConfiguration(values -> values.remove("kind"));
        deliverEvents();
        assertThat(Files.readString(file)).doesNotContain("kind").contains("id = default");
    }

    @Test
    void aMalformedEditIsNeitherAppliedNorOverwrittenAndItsFixIsReadAsAnEdit() throws Exception {
        edit("kind = work-stealing", "kind = executor\nbroken = \\u12");
        poll(); // logged as malformed; nothing applied
        updateConfiguration("throughput", "64");
        deliverEvents(); // the save finds an unread file it cannot merge into: it leaves it alone
        assertThat(Files.readString(file)).contains("kind = executor", "throughput = 32");

        edit("broken = \\u12\n", "");
        poll();
        deliverEvents();
        poll();

        assertThat(configuration()).containsEntry("kind", "executor").containsEntry("throughput", "64");
        assertThat(Files.readString(file)).contains("kind = executor", "throughput = 64");
    }

    @Test
    void aFileRemovedAndPutBackBeforeTheDeletionsEventKeepsItsConfiguration() throws Exception {
        Files.delete(file);
        watched.uninstall(file.toFile());
        Files.writeString(file, FILE_TEXT.replace("throughput = 32", "throughput = 8"));
        watched.install(file.toFile());
        deliverEvents(); // the deletion's event, then the new configuration's

        assertThat(file).exists();
        assertThat(configuration()).containsEntry("throughput", "8");
        updateConfiguration("throughput", "9");
        deliverEvents();
        assertThat(Files.readString(file)).as("still watched").contains("throughput = 9");
    }

    private void edit(String from, String to) throws Exception {
        String text = Files.readString(file);
        assertThat(text).contains(from);
        Files.writeString(file, text.replace(from, to));
    }

    private void poll() throws Exception {
        watched.update(file.toFile());
    }

    private void deliverEvents() {
        for (Event event; (event = configAdmin.events.poll()) != null; ) {
            watched.configurationEvent(new ConfigurationEvent(configAdmin.reference(), event.type(), PID, event.pid()));
        }
    }

    private void updateConfiguration(String key, String value) {
        changeConfiguration(values -> values.put(key, value));
    }

    /** A change made through ConfigAdmin, as the JMX budget write makes it: the other properties stay. */
    private void changeConfiguration(Consumer<Map<String, String>> change) {
        Map<String, String> values = new TreeMap<>(configAdmin.store.get(PID + "~" + NAME));
        change.accept(values);
        configAdmin.update(PID + "~" + NAME, values);
    }

    /** @return the configuration's values, without ConfigAdmin's own properties and the file's name */
    private Map<String, String> configuration() {
        Map<String, String> values = new TreeMap<>(configAdmin.store.get(PID + "~" + NAME));
        values.keySet().removeAll(java.util.Set.of(Constants.SERVICE_PID, ConfigurationAdmin.SERVICE_FACTORYPID,
                WatchedConfigFiles.FILENAME));
        return values;
    }

    private record Event(int type, String pid) {
    }

    /** ConfigAdmin as far as the installer uses it: configurations by PID, filters on one key, queued events. */
    private static final class FakeConfigAdmin {
        final Map<String, Map<String, String>> store = new HashMap<>();
        final Queue<Event> events = new ArrayDeque<>();
        int updates;

        void update(String pid, Map<String, String> values) {
            Map<String, String> stored = new TreeMap<>(values);
            stored.put(Constants.SERVICE_PID, pid);
            store.put(pid, stored);
            updates++;
            events.add(new Event(ConfigurationEvent.CM_UPDATED, pid));
        }

        ConfigurationAdmin proxy() {
            return (ConfigurationAdmin) Proxy.newProxyInstance(getClass().getClassLoader(),
                    new Class<?>[] {ConfigurationAdmin.class}, (self, method, args) -> switch (method.getName()) {
                        case "getFactoryConfiguration" -> configuration(args[0] + "~" + args[1]);
                        case "getConfiguration" -> configuration((String) args[0]);
                        case "listConfigurations" -> list((String) args[0]);
                        default -> throw new UnsupportedOperationException(method.getName());
                    });
        }

        private Configuration[] list(String filter) {
            String[] keyValue = filter.substring(1, filter.length() - 1).split("=", 2);
            Configuration[] found = store.entrySet().stream()
                    .filter(e -> keyValue[1].equals(e.getValue().get(keyValue[0])))
                    .map(e -> configuration(e.getKey())).toArray(Configuration[]::new);
            return found.length == 0 ? null : found;
        }

        private Configuration configuration(String pid) {
            return (Configuration) Proxy.newProxyInstance(getClass().getClassLoader(),
                    new Class<?>[] {Configuration.class}, (self, method, args) -> switch (method.getName()) {
                        case "getPid" -> pid;
                        case "getProperties" -> store.containsKey(pid) ? new Hashtable<>(store.get(pid)) : null;
                        case "update" -> {
                            @SuppressWarnings("unchecked")
                            Dictionary<String, Object> properties = (Dictionary<String, Object>) args[0];
                            Map<String, String> values = new TreeMap<>();
                            Collections.list(properties.keys()).forEach(k -> values.put(k, String.valueOf(properties.get(k))));
                            update(pid, values);
                            yield null;
                        }
                        case "delete" -> {
                            store.remove(pid);
                            events.add(new Event(ConfigurationEvent.CM_DELETED, pid));
                            yield null;
                        }
                        default -> throw new UnsupportedOperationException(method.getName());
                    });
        }

        @SuppressWarnings("unchecked")
        ServiceReference<ConfigurationAdmin> reference() {
            return (ServiceReference<ConfigurationAdmin>) Proxy.newProxyInstance(getClass().getClassLoader(),
                    new Class<?>[] {ServiceReference.class}, (self, method, args) -> {
                        throw new UnsupportedOperationException(method.getName());
                    });
        }
    }
}
