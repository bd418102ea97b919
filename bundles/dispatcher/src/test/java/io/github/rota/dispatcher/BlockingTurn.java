package io.github.rota.dispatcher;

import io.github.rota.spi.dispatch.Schedulable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/** A turn that enters {@code blocking()} and waits there for a latch, as a handler doing blocking I/O would. */
public final class BlockingTurn {

    private BlockingTurn() {}

    /** Counts down {@code entered}, blocks until {@code release} opens, then counts itself in {@code released}. */
    public static Schedulable until(CountDownLatch entered, CountDownLatch release, LongAdder released) {
        return turn -> {
            entered.countDown();
            try {
                if (turn.blocking(() -> release.await(30, TimeUnit.SECONDS))) {
                    released.increment();
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
            return false;
        };
    }
}
