package io.github.rota.config;

import java.io.File;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.lang.reflect.Array;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collection;
import java.util.Dictionary;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.Hashtable;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.felix.fileinstall.ArtifactInstaller;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.cm.ConfigurationEvent;
import org.osgi.service.cm.ConfigurationListener;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Rota's {@code .cfg} files in FileInstall's watched directory, both ways: a file that appears or
 * changes becomes its ConfigAdmin configuration ({@code <pid>.cfg}, or {@code <factoryPid>-<name>.cfg}
 * for a factory configuration); a file that goes away deletes it; and a configuration changed
 * through ConfigAdmin (a JMX budget write, {@code rota:budget}, the WebConsole) is saved back into its
 * file, which a deleted configuration takes with it. The directory stays what a restart starts from.
 *
 * <p>Why not FileInstall's own {@code .cfg} handling: FileInstall 3.7.4 saves a changed configuration
 * by rewriting the file in place, and its directory poller, on another thread, can read the file
 * half-written and apply that — a dispatcher configuration without its id, which is then saved too.
 * Here a save writes a hidden file and moves it over the old one, so a reader sees the old text or
 * the new; and the poller noticing a save of ours finds the text it wrote and applies nothing, so a
 * save can never bring back an older value after a newer one. FileInstall still watches the
 * directory; this installer is ranked above its own for Rota's PIDs, and the distribution starts it
 * after this bundle and turns its save off.
 *
 * <p>Two writers, one file: the operator's editor and ConfigAdmin (through JMX, Gogo). Each side's
 * change is carried to the other as a change, not as a whole — the keys that differ from the values
 * both sides last held in common ({@code agreed}) — so neither undoes the other when they overlap:
 * the event of an update made from the file (its echo) finds nothing to carry, even if the operator
 * has edited the file again meanwhile; a ConfigAdmin update saved while the file holds an edit not
 * yet read keeps that edit, and the text is not taken as ours, so the poller still applies the edit;
 * an edit read while a ConfigAdmin update is still on its way keeps that update.
 *
 * <p>Threads: FileInstall calls the installer on its poller thread and ConfigAdmin delivers events
 * on its event thread; both hold this object's monitor, which makes "is this the text we wrote?"
 * and "write it" one step. ConfigAdmin calls listeners asynchronously, so updating a configuration
 * while holding the monitor cannot call back into it.
 */
@Component(service = {ArtifactInstaller.class, ConfigurationListener.class},
        property = Constants.SERVICE_RANKING + ":Integer=1000")
public final class WatchedConfigFiles implements ArtifactInstaller, ConfigurationListener {

    /** The property that ties a configuration to its file (FileInstall's name for it, so tools show it). */
    static final String FILENAME = "felix.fileinstall.filename";
    /** The framework property naming FileInstall's watched directory. */
    static final String WATCHED_DIRECTORY = "felix.fileinstall.dir";
    /** Configurations of these PIDs (and factory PIDs) are handled here. */
    static final String ROTA_PIDS = "io.github.rota.";

    private static final Logger LOG = LoggerFactory.getLogger(WatchedConfigFiles.class);
    /** Properties ConfigAdmin and this class add, which are not the file's to hold. */
    private static final Set<String> NOT_SAVED = Set.of(Constants.SERVICE_PID, ConfigurationAdmin.SERVICE_FACTORYPID,
            ConfigurationAdmin.SERVICE_BUNDLELOCATION, FILENAME);

    @Reference
    ConfigurationAdmin configAdmin;

    /** The file of every configuration that came from one. */
    private final Map<String, Path> files = new HashMap<>();
    /** The text of every file as this class last wrote or read it. */
    private final Map<Path, String> texts = new HashMap<>();
    /** By PID: the values the file and the configuration last held in common. */
    private final Map<String, Map<String, String>> agreed = new HashMap<>();

    /**
     * Reads the watched directory's Rota files at once, so that their configurations exist before
     * the bundles they configure start (the distribution starts this bundle a level before them);
     * FileInstall, started after, finds nothing new in them.
     */
    @Activate
    void activate(BundleContext context) {
        String dir = context.getProperty(WATCHED_DIRECTORY);
        File[] artifacts = dir == null ? null : new File(dir).listFiles(f -> f.isFile() && canHandle(f));
        if (artifacts == null) {
            return;
        }
        Arrays.sort(artifacts);
        for (File artifact : artifacts) {
            try {
                install(artifact);
            } catch (IOException | InvalidSyntaxException | RuntimeException e) {
                LOG.error("could not read configuration file {}", artifact, e);
            }
        }
    }

    @Override
    public boolean canHandle(File artifact) {
        return artifact.getName().endsWith(".cfg") && artifact.getName().startsWith(ROTA_PIDS);
    }

    @Override
    public void install(File artifact) throws IOException, InvalidSyntaxException {
        update(artifact);
    }

    @Override
    public synchronized void update(File artifact) throws IOException, InvalidSyntaxException {
        Path file = artifact.toPath().toAbsolutePath();
        String text = Files.readString(file, StandardCharsets.UTF_8);
        if (text.equals(texts.get(file))) {
            return; // our own save, or a touch that changed nothing
        }
        Map<String, String> values;
        try {
            values = parse(text);
        } catch (IllegalArgumentException e) {
            // Not taken as read: a save meanwhile must not merge into it, and its fix is read as an edit.
            LOG.error("configuration file {} is malformed ({}); its configuration is unchanged", file.getFileName(),
                    e.getMessage());
            return;
        }
        texts.put(file, text);

        Configuration configuration = configurationOf(file);
        String pid = configuration.getPid();
        files.put(pid, file);
        Map<String, String> current = savedValues(configuration.getProperties());
        // A file read for the first time (or whose configuration is gone) replaces the configuration;
        // after that only its edits apply.
        Map<String, String> target = agreed.containsKey(pid) && configuration.getProperties() != null
                ? apply(current, changes(agreed.get(pid), values)) : values;
        agreed.put(pid, values);
        if (target.equals(current) && configuration.getProperties() != null) {
            return;
        }
        boolean created = configuration.getProperties() == null;
        Dictionary<String, Object> properties = new Hashtable<>(target);
        properties.put(FILENAME, uri(file));
        configuration.update(properties);
        LOG.info("configuration {} {} from {}", pid, created ? "created" : "updated", file.getFileName());
    }

    @Override
    public synchronized void uninstall(File artifact) throws IOException, InvalidSyntaxException {
        Path file = artifact.toPath().toAbsolutePath();
        texts.remove(file);
        Configuration configuration = find(FILENAME, uri(file));
        if (configuration != null) {
            files.remove(configuration.getPid());
            agreed.remove(configuration.getPid());
            configuration.delete();
            LOG.info("configuration {} deleted: {} was removed", configuration.getPid(), file.getFileName());
        }
    }

    @Override
    public synchronized void configurationEvent(ConfigurationEvent event) {
        Path file = files.get(event.getPid());
        if (file == null) {
            return; // not from the watched directory
        }
        try {
            if (event.getType() == ConfigurationEvent.CM_UPDATED) {
                Configuration configuration = find(Constants.SERVICE_PID, event.getPid());
                if (configuration != null && configuration.getProperties() != null) {
                    save(event.getPid(), file, savedValues(configuration.getProperties()));
                }
            } else if (event.getType() == ConfigurationEvent.CM_DELETED) {
                if (find(Constants.SERVICE_PID, event.getPid()) != null) {
                    return; // made again (from its file, re-created since) before this event came
                }
                files.remove(event.getPid());
                agreed.remove(event.getPid());
                texts.remove(file);
                if (Files.deleteIfExists(file)) {
                    LOG.info("configuration {} deleted: removed {}", event.getPid(), file.getFileName());
                }
            }
        } catch (IOException | InvalidSyntaxException | RuntimeException e) {
            LOG.error("could not save configuration {} to {}", event.getPid(), file, e);
        }
    }

    /** Carries the configuration's changes since {@code agreed} into the file, around whatever else it holds. */
    private void save(String pid, Path file, Map<String, String> configured) throws IOException {
        Map<String, String> changes = changes(agreed.getOrDefault(pid, Map.of()), configured);
        if (changes.isEmpty()) {
            return; // the echo of an update from the file, or an update that changed nothing
        }
        if (!Files.exists(file)) {
            return; // removed: the poller is about to delete the configuration with it
        }
        String existing = Files.readString(file, StandardCharsets.UTF_8);
        boolean unread = !existing.equals(texts.get(file)); // an edit the poller has not applied yet
        String merged = CfgFile.merge(existing, apply(unread ? parse(existing) : agreed.getOrDefault(pid, Map.of()), changes));
        agreed.put(pid, configured);
        if (!unread) {
            texts.put(file, merged); // so the poller, finding our text, applies nothing
        }
        if (!merged.equals(existing)) {
            CfgFile.replace(file, merged);
            LOG.debug("saved {}", file.getFileName());
        }
    }

    /**
     * @return the values of a file's text, by key
     * @throws IllegalArgumentException if the text is not in the properties format (a malformed \\uXXXX)
     */
    private static Map<String, String> parse(String text) {
        Properties read = new Properties();
        try {
            read.load(new StringReader(text));
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringReader does not fail
        }
        Map<String, String> values = new TreeMap<>();
        read.stringPropertyNames().forEach(key -> values.put(key, read.getProperty(key)));
        return values;
    }

    /** @return by key, each value {@code to} sets differently from {@code from}; {@code null} for a removed key */
    private static Map<String, String> changes(Map<String, String> from, Map<String, String> to) {
        Map<String, String> changes = new HashMap<>();
        to.forEach((key, value) -> {
            if (!value.equals(from.get(key))) {
                changes.put(key, value);
            }
        });
        from.keySet().stream().filter(key -> !to.containsKey(key)).forEach(key -> changes.put(key, null));
        return changes;
    }

    private static Map<String, String> apply(Map<String, String> values, Map<String, String> changes) {
        Map<String, String> applied = new TreeMap<>(values);
        changes.forEach((key, value) -> {
            if (value == null) {
                applied.remove(key);
            } else {
                applied.put(key, value);
            }
        });
        return applied;
    }

    /** @return the configuration {@code file} stands for, created if it does not exist yet */
    private Configuration configurationOf(Path file) throws IOException {
        String name = file.getFileName().toString();
        String pid = name.substring(0, name.length() - ".cfg".length());
        int dash = pid.indexOf('-');
        return dash < 0
                ? configAdmin.getConfiguration(pid, "?")
                : configAdmin.getFactoryConfiguration(pid.substring(0, dash), pid.substring(dash + 1), "?");
    }

    /** FileInstall's form of a file's URI ({@code file:/...}), so configurations it made are found too. */
    private static String uri(Path file) {
        return file.toFile().toURI().toString();
    }

    private Configuration find(String key, String value) throws IOException, InvalidSyntaxException {
        Configuration[] found = configAdmin.listConfigurations("(" + key + "=" + escape(value) + ")");
        return found == null ? null : found[0];
    }

    /** @return the values a file holds for {@code properties}: all but ConfigAdmin's, as text */
    private static Map<String, String> savedValues(Dictionary<String, Object> properties) {
        Map<String, String> values = new TreeMap<>();
        if (properties == null) {
            return values;
        }
        for (Enumeration<String> keys = properties.keys(); keys.hasMoreElements(); ) {
            String key = keys.nextElement();
            if (!NOT_SAVED.contains(key)) {
                values.put(key, text(properties.get(key)));
            }
        }
        return values;
    }

    /** A value as the file holds it: arrays and collections as comma-separated lists. */
    private static String text(Object value) {
        if (value.getClass().isArray()) {
            return Stream.iterate(0, i -> i < Array.getLength(value), i -> i + 1)
                    .map(i -> String.valueOf(Array.get(value, i))).collect(Collectors.joining(","));
        }
        if (value instanceof Collection<?> items) {
            return items.stream().map(String::valueOf).collect(Collectors.joining(","));
        }
        return String.valueOf(value);
    }

    /** Escapes the characters a filter value may not hold unescaped (RFC 1960). */
    private static String escape(String value) {
        return value.replace("\\", "\\\\").replace("*", "\\*").replace("(", "\\(").replace(")", "\\)");
    }
}
