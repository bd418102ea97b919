package io.github.rota.spi.jfr;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A sampled event in a real recording: {@code sampleEvery N} keeps about one in N, read back from the file. */
class SampledEventTest {

    private static final int WAKE_UPS = 80_000;

    @TempDir
    Path directory;

    private long recorded(String sampleEvery) throws Exception {
        Path file = directory.resolve("sampled-" + sampleEvery + ".jfr");
        try (Recording recording = new Recording(Map.of("io.github.rota.WorkerWake#enabled", "true",
                "io.github.rota.WorkerWake#sampleEvery", sampleEvery))) {
            recording.start();
            for (int i = 0; i < WAKE_UPS; i++) {
                FlightEvents.workerWake("sampled", i & 1);
            }
            recording.stop();
            recording.dump(file);
        }
        return RecordingFile.readAllEvents(file).stream()
                .filter(e -> e.getEventType().getName().equals("io.github.rota.WorkerWake")).count();
    }

    @Test
    void sampleEveryOneRecordsEveryEvent() throws Exception {
        assertThat(recorded("1")).isEqualTo(WAKE_UPS);
    }

    @Test
    void sampleEveryEightRecordsAboutOneInEight() throws Exception {
        // 10,000 expected, standard deviation about 94. JFR asks the setting in shouldCommit and again
        // in commit: answering afresh each time would keep one in 64 (about 1,250).
        assertThat(recorded("8")).isBetween(9_400L, 10_600L);
    }
}
