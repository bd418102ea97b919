package io.github.rota.itests.project;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A main source file a reader can hold in mind: one that grows past {@value #MAX_LINES} lines holds
 * more than one concept, and the next one goes in a file of its own.
 */
class SourceSizeTest {

    private static final Path ROOT = Path.of(System.getProperty("rota.root")).toAbsolutePath().normalize();
    static final int MAX_LINES = 450;

    @Test
    void noMainSourceFileIsLongerThanTheLimit() throws Exception {
        List<Path> sources;
        try (Stream<Path> files = Files.walk(ROOT.resolve("bundles"))) {
            sources = files.filter(f -> f.toString().endsWith(".java") && f.toString().contains("/src/main/java/")).toList();
        }
        assertThat(sources).as("main sources found").hasSizeGreaterThan(100);
        List<String> tooLong = sources.stream().filter(f -> lines(f) > MAX_LINES)
                .map(f -> ROOT.relativize(f) + " (" + lines(f) + " lines)").sorted().toList();
        assertThat(tooLong).as("main source files over %d lines", MAX_LINES).isEmpty();
    }

    private static long lines(Path file) {
        try (Stream<String> lines = Files.lines(file)) {
            return lines.count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
