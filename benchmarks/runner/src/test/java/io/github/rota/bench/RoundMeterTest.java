package io.github.rota.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RoundMeterTest {

    private static final long MS = 1_000_000;

    @Test
    void cpuTimeIsTheLiveThreadsExactFigureWhenTheProcessTicksAgreeWithinTheirError() {
        assertThat(RoundMeter.cpuNanos(reading(0, 0), reading(30 * MS, 23 * MS))).isEqualTo(23 * MS);
    }

    @Test
    void cpuTimeIsTheProcessTicksWhenThreadsThatEndedTookMoreThanTheTicksErrorWithThem() {
        assertThat(RoundMeter.cpuNanos(reading(0, 0), reading(100 * MS, 50 * MS))).isEqualTo(100 * MS);
    }

    @Test
    void cpuTimeIsTheProcessTicksWhenAThreadCountedAtTheOpenEndedBeforeTheClose() {
        assertThat(RoundMeter.cpuNanos(reading(0, 20 * MS), reading(10 * MS, 12 * MS))).isEqualTo(10 * MS);
    }

    @Test
    void cpuTimeIsTheProcessTicksWhereThreadsCannotBeRead() {
        assertThat(RoundMeter.cpuNanos(reading(0, -1), reading(40 * MS, -1))).isEqualTo(40 * MS);
    }

    @Test
    void aReadingOfThisJvmMovesForwardWithWork() {
        RoundMeter meter = new RoundMeter();
        RoundMeter.Reading open = meter.atOpen();
        long sink = 0;
        for (int i = 0; i < 10_000_000; i++) {
            sink += Integer.toString(i).length(); // allocates and burns CPU
        }
        RoundMeter.Reading close = meter.atClose();

        assertThat(sink).isPositive();
        assertThat(close.nanos()).isGreaterThan(open.nanos());
        assertThat(RoundMeter.cpuNanos(open, close)).isPositive();
        assertThat(close.allocatedBytes() - open.allocatedBytes()).isGreaterThan(10_000_000L * 16);
    }

    private static RoundMeter.Reading reading(long processCpu, long threadsCpu) {
        return new RoundMeter.Reading(0, processCpu, threadsCpu, 0, 0, -1);
    }
}
