package io.github.rota.demo;

import io.github.rota.api.Actor;
import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.Props;
import io.github.rota.api.Settings;
import java.io.IOException;
import java.io.Reader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The demo on the module path — what the jlink image's {@code bin/rota} runs: an actor system and a
 * {@link DemoRun} on it until the JVM is stopped, configured by a properties file (system property
 * {@value #CONFIG_FILE}, default {@value #DEFAULT_FILE}) with the OSGi configurations' keys under
 * their PIDs' names: {@code rota.system.name}, {@code rota.system.default.dispatcher},
 * {@code rota.dispatcher.<id>.throughput}, {@code rota.pool.enabled}, {@code rota.demo.rate}, ...
 * System properties with the same keys override the file. Invalid values stop it with the reason
 * before anything starts. The system's MBeans come from the management module, when it is there.
 */
public final class DemoMain {

    /** System property naming the properties file. */
    static final String CONFIG_FILE = "rota.config.file";
    static final String DEFAULT_FILE = "conf/rota.properties";
    static final String SYSTEM_NAME = "rota.system.name";
    static final String DEMO_PREFIX = "rota.demo.";

    private static final Logger LOG = LoggerFactory.getLogger(DemoMain.class);

    private DemoMain() {
    }

    /** What the file and the system properties say: the system's name and settings, and the demo's. */
    record Launch(String systemName, Settings settings, boolean demoEnabled, int rate, int reportSeconds) {

        static Launch of(Map<String, String> keys) {
            Map<String, String> settings = new TreeMap<>();
            Map<String, String> demo = new TreeMap<>();
            String name = ActorSystem.DEFAULT_NAME;
            for (Map.Entry<String, String> e : keys.entrySet()) {
                String key = e.getKey();
                String value = e.getValue().trim();
                if (key.equals(SYSTEM_NAME)) {
                    name = value;
                } else if (key.startsWith(DEMO_PREFIX)) {
                    demo.put(key.substring(DEMO_PREFIX.length()), value);
                } else if (key.startsWith(Settings.PREFIX) && !key.equals(CONFIG_FILE)) {
                    settings.put(key, value);
                }
            }
            for (String key : demo.keySet()) {
                if (!key.equals("enabled") && !key.equals("rate") && !key.equals("reportSeconds")) {
                    throw new IllegalArgumentException("unknown setting '" + DEMO_PREFIX + key + "'; known: "
                            + DEMO_PREFIX + "enabled, " + DEMO_PREFIX + "rate, " + DEMO_PREFIX + "reportSeconds");
                }
            }
            String enabled = demo.getOrDefault("enabled", "true");
            if (!enabled.equals("true") && !enabled.equals("false")) {
                throw new IllegalArgumentException(DEMO_PREFIX + "enabled must be true or false, was '" + enabled + "'");
            }
            return new Launch(name, Settings.of(settings), Boolean.parseBoolean(enabled),
                    Settings.parseInt(DEMO_PREFIX + "rate", demo.getOrDefault("rate", "5000"), 1, 10_000_000),
                    Settings.parseInt(DEMO_PREFIX + "reportSeconds", demo.getOrDefault("reportSeconds", "10"), 1,
                            86_400));
        }
    }

    /**
     * @param args none
     * @throws Exception if the system cannot start
     */
    public static void main(String[] args) throws Exception {
        Launch launch;
        ActorSystem system;
        try {
            launch = Launch.of(keys(Path.of(System.getProperty(CONFIG_FILE, DEFAULT_FILE))));
            system = ActorSystem.create(launch.systemName(), launch.settings());
        } catch (IllegalArgumentException | IOException e) {
            LOG.error("not started: {}", e.getMessage());
            System.exit(2);
            return;
        }
        LOG.info("actor system '{}' started", system.name());
        logFirstMessage(system);
        DemoRun run = launch.demoEnabled() ? new DemoRun(system, launch.rate(), launch.reportSeconds()) : null;
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                if (run != null) {
                    run.stop();
                }
                system.terminate().toCompletableFuture().get(30, TimeUnit.SECONDS);
                // Here, not after main's join: the JVM halts once the hooks are done.
                LOG.info("actor system '{}' terminated ({} dead letters)", system.name(), system.deadLetterCount());
            } catch (Exception e) {
                LOG.error("actor system '{}' did not terminate cleanly", system.name(), e);
            }
        }, "rota-shutdown"));
        system.whenTerminated().toCompletableFuture().join();
    }

    /** Start-up time as a user feels it: from the JVM's start to the first message an actor handled. */
    private static void logFirstMessage(ActorSystem system) throws InterruptedException {
        CountDownLatch handled = new CountDownLatch(1);
        ActorRef<String> first = system.spawn(Props.create(() -> (Actor<String>) c -> handled.countDown()), "first");
        first.tell("hello");
        if (handled.await(30, TimeUnit.SECONDS)) {
            LOG.info("first message processed {} ms after the JVM started", ManagementFactory.getRuntimeMXBean().getUptime());
        }
        system.stop(first);
    }

    /** The file's keys, overridden by system properties with the same prefix. */
    private static Map<String, String> keys(Path file) throws IOException {
        Properties properties = new Properties();
        if (Files.exists(file)) {
            try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                properties.load(in);
            }
        }
        Map<String, String> keys = new TreeMap<>();
        properties.stringPropertyNames().forEach(k -> keys.put(k, properties.getProperty(k)));
        System.getProperties().stringPropertyNames().stream().filter(k -> k.startsWith(Settings.PREFIX))
                .forEach(k -> keys.put(k, System.getProperty(k)));
        return keys;
    }
}
