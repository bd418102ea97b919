package io.github.rota.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.io.StringReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CfgFileTest {

    private static final String DEFAULT_DISPATCHER = """
            # The default dispatcher.
            id = default
            kind = work-stealing
            throughput = 32
            # workers = 2          (default: max(available processors, 2))
            """;

    @Test
    void aFileThatMatchesItsConfigurationIsLeftByteForByte() {
        String odd = "# spacing kept\nid=default\nkind :work-stealing\n\nthroughput    32\n";
        assertThat(CfgFile.merge(odd, Map.of("id", "default", "kind", "work-stealing", "throughput", "32")))
                .isEqualTo(odd);
    }

    @Test
    void aChangedValueReplacesOnlyItsEntryAndCommentsStay() {
        assertThat(CfgFile.merge(DEFAULT_DISPATCHER, Map.of("id", "default", "kind", "work-stealing", "throughput", "48")))
                .isEqualTo(DEFAULT_DISPATCHER.replace("throughput = 32", "throughput = 48"));
    }

    @Test
    void newKeysAreAppendedInOrderAndRemovedKeysAndDuplicatesGo() {
        String merged = CfgFile.merge(DEFAULT_DISPATCHER + "throughput = 7\n",
                Map.of("id", "default", "throughput", "32", "workers", "4", "starvationThresholdMs", "500"));
        assertThat(merged).isEqualTo("""
                # The default dispatcher.
                id = default
                throughput = 32
                # workers = 2          (default: max(available processors, 2))
                starvationThresholdMs = 500
                workers = 4
                """);
    }

    @Test
    void continuedEntriesAreReadWholeAndValuesThatNeedEscapingReadBackTheSame() throws Exception {
        String continued = "decorators = metering,\\\n    other\nid = x\n";
        assertThat(CfgFile.merge(continued, Map.of("decorators", "metering,other", "id", "x"))).isEqualTo(continued);

        Map<String, String> awkward = Map.of("path", "C:\\rota\\etc", "note", " leading space", "key with space", "a=b:c#d",
                "multi", "line one\nline two");
        Properties read = new Properties();
        read.load(new StringReader(CfgFile.merge("", awkward)));
        assertThat(read).containsExactlyInAnyOrderEntriesOf(awkward);
    }

    @Test
    void replacingLeavesOnlyTheNewTextAndNoTemporaryFile(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("io.github.rota.pool.cfg"), "enabled = false\n");
        CfgFile.replace(file, "enabled = true\n");
        assertThat(file).hasContent("enabled = true");
        try (var files = Files.list(dir)) {
            assertThat(files).containsExactly(file);
        }
    }
}
