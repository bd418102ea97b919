package io.github.rota.bench;

import org.HdrHistogram.Histogram;

/** Latency histograms in nanoseconds, 1 ns to 1 minute, 3 significant digits. */
final class Histograms {

    private Histograms() {
    }

    static Histogram create() {
        return new Histogram(1, 60_000_000_000L, 3);
    }

    /** @return the value at {@code percentile} in microseconds, or NaN if nothing was recorded */
    static double micros(Histogram histogram, double percentile) {
        return histogram.getTotalCount() == 0 ? Double.NaN : histogram.getValueAtPercentile(percentile) / 1_000.0;
    }
}
