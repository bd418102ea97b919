package io.github.rota.itests.distribution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/** The real JMX clients the tests use: {@link JMXConnectorFactory} over RMI, and jmxterm as a process. */
final class Jmx {

    static final Duration TIMEOUT = Duration.ofSeconds(60);

    private Jmx() {
    }

    static JMXConnector connect(int port, String user, String password) throws IOException {
        JMXServiceURL url = new JMXServiceURL("service:jmx:rmi:///jndi/rmi://127.0.0.1:" + port + "/jmxrmi");
        return JMXConnectorFactory.connect(url, Map.of(JMXConnector.CREDENTIALS, new String[] {user, password}));
    }

    static JMXConnector connectWhenListening(int port, String user, String password) {
        return await().atMost(TIMEOUT).ignoreExceptions().until(() -> connect(port, user, password), c -> c != null);
    }

    /** Runs jmxterm non-interactively with one command on stdin and returns what it printed. */
    static String jmxterm(int port, String user, String password, String command) throws Exception {
        Process process = new ProcessBuilder(Path.of(System.getProperty("rota.java.home"), "bin", "java").toString(),
                "-jar", System.getProperty("rota.jmxterm.jar"), "-l", "127.0.0.1:" + port, "-u", user, "-p", password,
                "-n", "-v", "brief").redirectErrorStream(true).start();
        process.getOutputStream().write((command + "\nquit\n").getBytes());
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes());
        assertThat(process.waitFor(1, TimeUnit.MINUTES)).isTrue();
        return output;
    }

    /** @return the generated passwords by user, checked to be the two roles with long random passwords */
    static Map<String, String> passwords(Path file) throws IOException {
        Map<String, String> passwords = new HashMap<>();
        for (String line : Files.readAllLines(file)) {
            String[] parts = line.trim().split("\\s+");
            passwords.put(parts[0], parts[1]);
        }
        assertThat(passwords.keySet()).isEqualTo(Set.of("monitor", "control"));
        assertThat(passwords.values()).allSatisfy(p -> assertThat(p).hasSizeGreaterThanOrEqualTo(32));
        return passwords;
    }

    private static final Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();

    /**
     * A port nothing listens on now and that this JVM has not handed out before: two ports asked for
     * in a row (the WebConsole's and JMX's) may otherwise be the same one, closed and reused.
     */
    static int freePort() throws IOException {
        while (true) {
            try (ServerSocket socket = new ServerSocket(0)) {
                if (HANDED_OUT.add(socket.getLocalPort())) {
                    return socket.getLocalPort();
                }
            }
        }
    }
}
