package io.github.rota.itests;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Runs the README's example as a user would: a fresh JVM, a plain module path, no class path. The
 * runtime, dispatcher and mailbox modules are required by nobody, so they can only be reached by
 * the module system's service binding and {@link java.util.ServiceLoader}.
 */
class ModulePathExampleIT {

    private static final Path MODULES = Path.of(System.getProperty("rota.modules.dir"));

    private static String run(String... extraOptions) throws IOException, InterruptedException {
        Launch launch = launch(extraOptions);
        assertThat(launch.exitCode()).as("exit code; output:%n%s", launch.output()).isZero();
        return launch.output();
    }

    private record Launch(int exitCode, String output) {
    }

    private static Launch launch(String... extraOptions) throws IOException, InterruptedException {
        List<String> command = new java.util.ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(List.of(extraOptions));
        command.addAll(List.of("--module-path", MODULES.toString(),
                "-m", "io.github.rota.example/io.github.rota.example.Hello"));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().remove("CLASSPATH");
        builder.environment().remove("JDK_JAVA_OPTIONS");
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("example finished").isTrue();
        return new Launch(process.exitValue(), output);
    }

    @Test
    void theExampleRunsOnTheModulePathAndPrintsItsResult() throws Exception {
        // Its one line and nothing else: a library keeps its own lifecycle out of an application's INFO
        // log. (On JDK 24 and later the JVM itself warns, once, that JCTools calls sun.misc.Unsafe.)
        List<String> lines = run().lines().filter(line -> !line.startsWith("WARNING: ")).toList();
        assertThat(lines).containsExactly("rota://hello/user/counter counted 5050");
    }

    @Test
    void aSystemPropertyOutsideRotasSettingsIsNoneOfItsBusiness() throws Exception {
        assertThat(run("-Drota.typo=x", "-Drota.home=/opt/elsewhere")).contains("rota://hello/user/counter counted 5050");
    }

    @Test
    void aMistypedSettingInTheSystemPropertiesStillFails() throws Exception {
        Launch launch = launch("-Drota.dispatcher.default.throughpt=64");
        assertThat(launch.exitCode()).as("output:%n%s", launch.output()).isNotZero();
        assertThat(launch.output()).contains("unknown setting 'rota.dispatcher.default.throughpt'");
    }

    @Test
    void withoutTheDispatcherModuleTheErrorNamesWhatToAdd() throws Exception {
        Launch launch = launch("--limit-modules", "io.github.rota.example,io.github.rota.runtime,io.github.rota.mailbox,"
                + "io.github.rota.pool,io.github.rota.management");
        assertThat(launch.exitCode()).as("output:%n%s", launch.output()).isNotZero();
        assertThat(launch.output())
                .contains("names dispatcher kind 'work-stealing', which is not installed; installed: []")
                .contains("module io.github.rota.dispatcher (Maven artifact io.github.rota:rota-dispatcher)");
    }

    @Test
    void withoutTheMailboxModuleTheErrorNamesWhatToAdd() throws Exception {
        Launch launch = launch("--limit-modules", "io.github.rota.example,io.github.rota.runtime,io.github.rota.dispatcher,"
                + "io.github.rota.pool,io.github.rota.management");
        assertThat(launch.exitCode()).as("output:%n%s", launch.output()).isNotZero();
        assertThat(launch.output())
                .contains("names mailbox 'unbounded', which is neither installed nor configured")
                .contains("module io.github.rota.mailbox (Maven artifact io.github.rota:rota-mailbox)");
    }

    @Test
    void theProvidersAreBoundAsServicesOfTheNamedModules() throws Exception {
        String output = run("--show-module-resolution");
        assertThat(output)
                .containsPattern("io\\.github\\.rota\\.api binds io\\.github\\.rota\\.runtime ")
                .containsPattern("io\\.github\\.rota\\.runtime binds io\\.github\\.rota\\.dispatcher ")
                .containsPattern("io\\.github\\.rota\\.runtime binds io\\.github\\.rota\\.mailbox ")
                .containsPattern("io\\.github\\.rota\\.runtime binds io\\.github\\.rota\\.pool ")
                .containsPattern("io\\.github\\.rota\\.runtime binds io\\.github\\.rota\\.management ")
                .contains("rota://hello/user/counter counted 5050");
    }
}
