package io.github.rota.bench;

/**
 * The timed part of a round. A workload opens it right before its first message and closes it once
 * its last message has been handled; set-up, checks and heap measurements stay outside.
 */
final class Window {

    private final RoundMeter meter;
    private RoundMeter.Reading open;
    private RoundMeter.Reading close;

    Window(RoundMeter meter) {
        this.meter = meter;
    }

    void open() {
        if (open != null) {
            throw new IllegalStateException("the window is already open");
        }
        open = meter.atOpen();
    }

    void close() {
        if (open == null || close != null) {
            throw new IllegalStateException("close() needs an open window");
        }
        close = meter.atClose();
    }

    long nanos() {
        return closed().nanos() - open.nanos();
    }

    long cpuNanos() {
        return RoundMeter.cpuNanos(open, closed());
    }

    long allocatedBytes() {
        return closed().allocatedBytes() - open.allocatedBytes();
    }

    long gcMillis() {
        return closed().gcMillis() - open.gcMillis();
    }

    double noise() {
        return meter.noise(open, closed());
    }

    private RoundMeter.Reading closed() {
        if (close == null) {
            throw new IllegalStateException("the workload did not close its window");
        }
        return close;
    }
}
