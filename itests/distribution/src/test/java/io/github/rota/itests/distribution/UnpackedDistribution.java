package io.github.rota.itests.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A built archive — the Felix distribution's {@code rota.tar.gz} or the runtime image's
 * {@code rota-image.tar.gz} — unpacked afresh and driven through {@code bin/rota} as a user would.
 */
final class UnpackedDistribution {

    /** What a command printed and returned. */
    record Result(int exit, String output) {
    }

    final Path home;

    private UnpackedDistribution(Path home) {
        this.home = home;
    }

    /** Unpacks the Felix distribution into {@code rota.unpack.dir/<name>}, replacing an earlier copy. */
    static UnpackedDistribution unpack(String name) throws Exception {
        return unpack(name, System.getProperty("rota.archive"), "rota");
    }

    /** Unpacks the runtime image into {@code rota.unpack.dir/<name>}, replacing an earlier copy. */
    static UnpackedDistribution unpackImage(String name) throws Exception {
        return unpack(name, System.getProperty("rota.image.archive"), "rota-image");
    }

    private static UnpackedDistribution unpack(String name, String archive, String top) throws Exception {
        Path dir = Path.of(System.getProperty("rota.unpack.dir"), name);
        if (Files.exists(dir)) {
            run(List.of("rm", "-rf", dir.toString()), Path.of("."));
        }
        Files.createDirectories(dir);
        assertThat(run(List.of("tar", "-xzf", archive, "-C", dir.toString()), dir).exit()).isZero();
        return new UnpackedDistribution(dir.resolve(top));
    }

    Path log() {
        return home.resolve("data/log/rota.log");
    }

    Result rota(String... args) throws Exception {
        return rota(Map.of(), args);
    }

    /** Runs {@code bin/rota} with these environment variables too (e.g. {@code JAVA_OPTS}). */
    Result rota(Map<String, String> environment, String... args) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(home.resolve("bin/rota").toString());
        command.addAll(List.of(args));
        return run(command, home, environment);
    }

    /** The last lines of the log, for a failure's message: what the container said before it failed. */
    String logTail(int lines) throws IOException {
        if (!Files.exists(log())) {
            return "(no " + log() + ")";
        }
        List<String> all = Files.readAllLines(log());
        return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    }

    /** Stops a background instance if one is still running (after a failed test). */
    void stopIfRunning() throws Exception {
        if (Files.exists(home.resolve("data/rota.pid"))) {
            rota("stop");
        }
    }

    static Result run(List<String> command, Path dir) throws IOException, InterruptedException {
        return run(command, dir, Map.of());
    }

    private static Result run(List<String> command, Path dir, Map<String, String> environment)
            throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        builder.environment().put("JAVA_HOME", System.getProperty("rota.java.home"));
        builder.environment().putAll(environment);
        Process process = builder.start();
        // A background start leaves a child holding no pipe of ours (its output goes to the log).
        String output = new String(process.getInputStream().readAllBytes());
        if (!process.waitFor(2, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError(command + " did not finish: " + output);
        }
        return new Result(process.exitValue(), output);
    }
}
