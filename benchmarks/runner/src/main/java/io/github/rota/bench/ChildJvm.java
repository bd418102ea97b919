package io.github.rota.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Starts the JVM that runs one workload on one runtime ({@link WorkloadMain}) and reads back its
 * rounds: the same JVM as the runner's, on the same class or module path (or runtime image), with
 * the same fixed heap and the same collector (G1) for every runtime and core count, pinned to the
 * first N CPUs for an N-core run.
 */
final class ChildJvm {

    static final int HEAP_MIB = 4096;
    /** Far beyond any workload's rounds at scale 1: a JVM still running then hangs, and is ended. */
    static final Duration DEADLINE = Duration.ofMinutes(10);

    private final double noiseThreshold;
    private final Optional<Cpus> cpus = Cpus.ofThisProcess();

    ChildJvm(double noiseThreshold) {
        this.noiseThreshold = noiseThreshold;
    }

    /**
     * @param runtime a runtime, or one with {@link BenchOptions#RECORDING}: its JVM then records with
     *                the {@code --jfr} settings into the output directory's {@code recordings/}
     * @return the measured rounds, or empty if the JVM failed (its output has been printed)
     */
    Optional<List<Round>> run(String label, String workload, String runtime, int budget, BenchOptions options, int cores,
                              PrintStream out) throws IOException, InterruptedException {
        List<String> jvmOptions = new ArrayList<>();
        String contender = runtime;
        if (runtime.endsWith(BenchOptions.RECORDING)) {
            contender = runtime.substring(0, runtime.length() - BenchOptions.RECORDING.length());
            Path recordings = Files.createDirectories(options.outDir().resolve("recordings"));
            Path file = recordings.resolve(label.replaceAll("[^A-Za-z0-9.+-]+", "_") + ".jfr");
            // Written when the JVM exits, after its last round.
            jvmOptions.add("-XX:StartFlightRecording=" + options.flightRecording().stream().map(s -> "settings=" + s)
                    .collect(Collectors.joining(",")) + ",dumponexit=true,filename=" + file.toAbsolutePath());
        }
        List<String> command = command(cores, jvmOptions, List.of(workload, contender, Integer.toString(budget),
                Integer.toString(options.warmup()), Integer.toString(options.rounds()), Double.toString(options.scale()),
                Double.toString(noiseThreshold)));
        Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
        Thread watchdog = new Thread(() -> endIfHung(child, DEADLINE, out, label), "watchdog " + label);
        watchdog.setDaemon(true);
        watchdog.start();
        List<Round> rounds = new ArrayList<>();
        StringBuilder other = new StringBuilder();
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (line.startsWith("ROUND ")) {
                    Round round = Round.parse(line);
                    if (round.measured()) {
                        rounds.add(round);
                    }
                } else if (line.startsWith("PROGRESS ")) {
                    out.println("  .. " + line.substring("PROGRESS ".length()) + forkOf(label));
                } else {
                    other.append("     ").append(line).append('\n');
                }
            }
        }
        int exit = child.waitFor();
        watchdog.interrupt();
        if (exit != 0 || rounds.size() != options.rounds()) {
            out.println("  !! " + label + " failed (exit " + exit + "):\n" + other);
            return Optional.empty();
        }
        return Optional.of(rounds);
    }

    /**
     * Ends the child if it outlives {@code deadline}: first its thread dump (a JVM prints it on
     * SIGQUIT to the output this runner reads, so it shows with the failure), then the process.
     */
    static void endIfHung(Process child, Duration deadline, PrintStream out, String label) {
        try {
            if (child.waitFor(deadline.toMillis(), TimeUnit.MILLISECONDS)) {
                return;
            }
            out.println("  !! " + label + " still runs after " + deadline + ": ending it");
            new ProcessBuilder("kill", "-QUIT", Long.toString(child.pid())).inheritIO().start().waitFor();
            if (!child.waitFor(5, TimeUnit.SECONDS)) {
                child.destroyForcibly();
            }
        } catch (IOException e) {
            child.destroyForcibly();
        } catch (InterruptedException e) {
            // the child ended in time
        }
    }

    private static String forkOf(String label) {
        return label.contains(" fork ") ? "  [" + label.substring(label.indexOf(" fork ") + 1) + "]" : "";
    }

    /** The child's command line: {@code taskset} and the processor count below all cores, then the JVM. */
    List<String> command(int cores, List<String> jvmOptions, List<String> args) {
        List<String> command = new ArrayList<>();
        if (cores < Runtime.getRuntime().availableProcessors()) {
            command.addAll(List.of("taskset", "-c", cpus.orElseThrow(() -> new IllegalStateException(
                    "--cores " + cores + " needs Linux's taskset and /proc to pin the JVM")).first(cores)));
        }
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.add("-Xms" + HEAP_MIB + "m");
        command.add("-Xmx" + HEAP_MIB + "m");
        command.add(String.format(Locale.ROOT, "-XX:ActiveProcessorCount=%d", cores));
        // Told of one CPU, the JVM would pick the Serial collector, whose write barrier is a plain
        // card mark where G1's takes a fence: a 1-core figure would not compare with the others.
        command.add("-XX:+UseG1GC");
        command.add("-Dorg.slf4j.simpleLogger.defaultLogLevel=warn");
        command.addAll(jvmOptions);
        if (Runtime.version().feature() >= 23) {
            command.add("--sun-misc-unsafe-memory-access=allow"); // JCTools and Pekko still use Unsafe
        }
        String modulePath = System.getProperty("jdk.module.path");
        if (Bench.class.getModule().isNamed()) {
            if (modulePath != null) {
                command.addAll(List.of("--module-path", modulePath, "--add-modules", "ALL-MODULE-PATH"));
            } // else linked into a runtime image, like this one
            command.addAll(List.of("-m", "io.github.rota.bench/" + WorkloadMain.class.getName()));
        } else {
            command.addAll(List.of("-cp", System.getProperty("java.class.path"), WorkloadMain.class.getName()));
        }
        command.addAll(args);
        return command;
    }
}
