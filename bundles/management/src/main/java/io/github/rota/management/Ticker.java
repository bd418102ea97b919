package io.github.rota.management;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/** The one daemon thread that ticks the MBeans every second: budget announcements, health, probes. */
final class Ticker {

    static final long PERIOD_MILLIS = 1_000;

    private Ticker() {
    }

    /** @return the running ticker; shut it down to stop */
    static ScheduledExecutorService start(String threadName, Runnable tick) {
        ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, threadName);
            thread.setDaemon(true);
            return thread;
        });
        ticker.scheduleWithFixedDelay(tick, PERIOD_MILLIS, PERIOD_MILLIS, TimeUnit.MILLISECONDS);
        return ticker;
    }
}
