package io.github.rota.itests.karaf;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * A stock Apache Karaf, unpacked afresh, started as {@code bin/karaf server} and driven as its
 * users drive it: commands through {@code bin/client} over SSH, MBeans through Karaf's own JMX
 * connector, both with the {@code karaf} user that {@code etc/users.properties} ships commented out.
 */
final class Karaf {

    static final String USER = "karaf";

    /** What a console command printed and returned. */
    record Result(int exit, String output) {
    }

    final Path home;
    private final int sshPort;
    private final int rmiRegistryPort;
    private final int rmiServerPort;
    private Process process;

    private Karaf(Path home) throws IOException {
        this.home = home;
        this.sshPort = freePort();
        this.rmiRegistryPort = freePort();
        this.rmiServerPort = freePort();
    }

    /** Unpacks {@code karaf.archive} into {@code rota.unpack.dir}, with the user and free ports set. */
    static Karaf unpack() throws Exception {
        Path dir = Path.of(System.getProperty("rota.unpack.dir"));
        if (Files.exists(dir)) {
            assertThat(run(List.of("rm", "-rf", dir.toString()), Path.of(".")).exit()).isZero();
        }
        Files.createDirectories(dir);
        assertThat(run(List.of("tar", "-xzf", System.getProperty("karaf.archive"), "-C", dir.toString()), dir).exit())
                .isZero();
        Path home;
        try (var entries = Files.list(dir)) {
            home = entries.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        Karaf karaf = new Karaf(home);
        karaf.configure();
        return karaf;
    }

    private void configure() throws IOException {
        edit("etc/users.properties", Map.of(
                "#karaf = karaf,_g_:admingroup", "karaf = karaf,_g_:admingroup",
                "#_g_\\:admingroup = group,admin,manager,viewer,systembundles,ssh",
                "_g_\\:admingroup = group,admin,manager,viewer,systembundles,ssh"));
        edit("etc/org.apache.karaf.shell.cfg", Map.of(
                "sshPort = 8101", "sshPort = " + sshPort,
                "sshHost = 0.0.0.0", "sshHost = 127.0.0.1"));
        edit("etc/org.apache.karaf.management.cfg", Map.of(
                "rmiRegistryPort = 1099", "rmiRegistryPort = " + rmiRegistryPort,
                "rmiServerPort = 44444", "rmiServerPort = " + rmiServerPort));
    }

    private void edit(String file, Map<String, String> replacements) throws IOException {
        Path path = home.resolve(file);
        String text = Files.readString(path);
        for (Map.Entry<String, String> r : replacements.entrySet()) {
            assertThat(text).as(file).contains(r.getKey());
            text = text.replace(r.getKey(), r.getValue());
        }
        Files.writeString(path, text);
    }

    /** Starts Karaf in the background and waits until its console answers. */
    void start() throws Exception {
        ProcessBuilder builder = new ProcessBuilder(home.resolve("bin/karaf").toString(), "server")
                .directory(home.toFile())
                .redirectErrorStream(true)
                .redirectOutput(home.resolve("console.out").toFile());
        builder.environment().put("JAVA_HOME", javaHome().toString());
        process = builder.start();
        Result ready = client(120, "bundle:list -t 0 | head -n 1");
        assertThat(ready.exit()).as("Karaf's console came up: %s", ready.output()).isZero();
    }

    /** Stops Karaf as {@code bin/stop} does and waits for its JVM to end. */
    void stop() throws Exception {
        if (process == null) {
            return;
        }
        run(List.of(home.resolve("bin/stop").toString()), home);
        if (!process.waitFor(2, TimeUnit.MINUTES)) {
            process.destroyForcibly().waitFor();
        }
        process = null;
    }

    /** Runs one console command through {@code bin/client}. */
    Result shell(String command) throws Exception {
        return client(5, command);
    }

    private Result client(int attempts, String command) throws Exception {
        return run(List.of(home.resolve("bin/client").toString(), "-h", "127.0.0.1", "-a", Integer.toString(sshPort),
                "-u", USER, "-p", USER, "-r", Integer.toString(attempts), "-d", "1", command), home);
    }

    /** A connection to Karaf's JMX connector, as JConsole would open it. */
    JMXConnector jmx() throws IOException {
        JMXServiceURL url = new JMXServiceURL("service:jmx:rmi://127.0.0.1:" + rmiServerPort
                + "/jndi/rmi://127.0.0.1:" + rmiRegistryPort + "/karaf-root");
        return JMXConnectorFactory.connect(url, Map.of(JMXConnector.CREDENTIALS, new String[] {USER, USER}));
    }

    /**
     * The JDK Karaf runs on: {@code KARAF_JAVA_HOME} if set, else the one running the build. Karaf
     * 4.4 supports Java 11 to 21; from Java 24 on its scripts cannot start it at all (they pass
     * {@code -Djava.security.manager=allow}, and Java 24 removed the Security Manager).
     */
    static Path javaHome() {
        String chosen = System.getenv("KARAF_JAVA_HOME");
        return Path.of(chosen != null && !chosen.isBlank() ? chosen : System.getProperty("rota.java.home"));
    }

    /** @return the feature version of the JDK at {@code home}, from its {@code release} file */
    static int featureVersion(Path home) throws IOException {
        for (String line : Files.readAllLines(home.resolve("release"))) {
            if (line.startsWith("JAVA_VERSION=")) {
                String version = line.substring("JAVA_VERSION=".length()).replace("\"", "");
                return Integer.parseInt(version.split("[.+-]")[0]);
            }
        }
        throw new IOException("no JAVA_VERSION in " + home.resolve("release"));
    }

    Path log() {
        return home.resolve("data/log/karaf.log");
    }

    Path etc(String file) {
        return home.resolve("etc").resolve(file);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    static Result run(List<String> command, Path dir) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(new ArrayList<>(command)).directory(dir.toFile())
                .redirectErrorStream(true);
        builder.environment().put("JAVA_HOME", javaHome().toString());
        Process p = builder.start();
        String output = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(3, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError(command + " did not finish: " + output);
        }
        return new Result(p.exitValue(), output);
    }
}
