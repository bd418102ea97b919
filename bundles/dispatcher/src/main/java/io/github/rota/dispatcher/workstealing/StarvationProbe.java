package io.github.rota.dispatcher.workstealing;

import io.github.rota.api.WorkerStarvation;
import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.jfr.FlightEvents;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Watches for workers that stay inside one turn: an actor blocking or computing for long starves
 * every actor queued behind it on that worker. One thread per dispatcher (Go's sysmon plays the
 * same part) samples each worker's turn epoch (odd while in a turn) every
 * {@value #BUSY_INTERVAL_NANOS} ns while a worker is in a turn, backing off to
 * {@value #IDLE_INTERVAL_NANOS} ns while none is; the hot path pays only two opaque stores per
 * turn (and two plain ones of what it runs, for the long-turn reports), no clock read.
 * <ul>
 *   <li>Rescue: a worker found in the same turn at two looks at least a busy interval apart has its
 *       next-slot actor moved to the global queue, where a sibling picks it up, and its lingering
 *       actors let go (those with work go to the global queue too). Thieves take a slot only while they search, and none may be
 *       searching, so without this an actor could wait behind a blocked turn for good.</li>
 *   <li>Report (when a threshold is set): a stuck turn is reported once (log with the worker's
 *       stack, counter, {@link WorkerStarvation} event), within a look of reaching the threshold.</li>
 *   <li>Time turns for the Flight Recorder, only while its {@code LongTurn} event is recorded: a
 *       turn is timed from the look that first sees it to the one that sees it over, so the turns
 *       themselves read no clock for it.</li>
 * </ul>
 *
 * <p>It sees the pool only as its {@link Shared} state, and each worker as its {@link Remote}.
 *
 * <p>Threads: the arrays are confined to the probe thread; {@code reports} has this single writer.
 * The probe clears its interrupt flag before each wait: the flag belongs to whoever interrupted a
 * daemon thread by mistake, and left set it would end every wait at once.
 *
 * <p>Invariants ({@code StarvationProbeTest}): a turn is rescued only once it has lasted a busy
 * interval ({@code aTurnSeenAgainWithinMomentsIsNotTakenForAStuckOne}); an interrupt does not make
 * the probe spin ({@code anInterruptedProbeGoesOnSleepingBetweenLooks}).
 */
final class StarvationProbe implements Runnable {

    /** Between looks while some worker is in a turn: how long a rescued actor can have waited. */
    static final long BUSY_INTERVAL_NANOS = 1_000_000;
    /** Between looks while every worker is idle (Go's sysmon sleeps up to 10 ms too). */
    static final long IDLE_INTERVAL_NANOS = 10_000_000;

    private static final Logger LOG = LoggerFactory.getLogger(StarvationProbe.class);

    private final Shared shared;
    private final String dispatcherId;
    /** Report turns this long; 0: never report. */
    private final long thresholdNanos;
    private final Consumer<Object> events;
    private final long[] lastEpoch;
    private final long[] inTurnSince;
    private final long[] reportedEpoch;
    /**
     * Per worker: the Flight Recorder's event for its current turn, while that event is recorded.
     * Typed by the interface: an array of the event class would load it, which a JVM without
     * {@code jdk.jfr} cannot.
     */
    private final FlightEvents.LongTurn[] longTurns;
    private volatile long reports;

    StarvationProbe(Shared shared, String dispatcherId, long thresholdNanos, Consumer<Object> events) {
        this.shared = shared;
        this.dispatcherId = dispatcherId;
        this.thresholdNanos = thresholdNanos;
        this.events = events;
        int n = shared.workerCount();
        this.lastEpoch = new long[n];
        this.inTurnSince = new long[n];
        this.reportedEpoch = new long[n];
        Arrays.fill(reportedEpoch, -1);
        this.longTurns = new FlightEvents.LongTurn[n];
    }

    long reports() {
        return reports;
    }

    @Override
    public void run() {
        long interval = BUSY_INTERVAL_NANOS;
        while (!shared.isClosed()) {
            // With the flag set, parkNanos returns at once, every time: an interrupted probe would spin.
            Thread.interrupted();
            LockSupport.parkNanos(this, interval);
            try {
                interval = sample(System.nanoTime()) ? BUSY_INTERVAL_NANOS : Math.min(2 * interval, IDLE_INTERVAL_NANOS);
            } catch (RuntimeException | Error fault) {
                // A failing report (a logger, an event subscriber) must not end the rescues.
                LOG.error("dispatcher '{}': starvation probe failed; it carries on", dispatcherId, fault);
            }
        }
    }

    /**
     * One look at every worker. A worker found in the same turn as at an earlier look, one at least
     * {@value #BUSY_INTERVAL_NANOS} ns ago, is stuck: however soon the looks follow each other (an
     * early wake-up), a turn shorter than that keeps its worker's next slot and lingering actors.
     *
     * @return whether some worker is in a turn
     */
    boolean sample(long now) {
        boolean busy = false;
        for (int i = 0; i < lastEpoch.length; i++) {
            Remote worker = shared.remote(i);
            long epoch = worker.turnEpoch();
            if ((epoch & 1) == 0 || epoch != lastEpoch[i]) {
                boolean changed = epoch != lastEpoch[i];
                lastEpoch[i] = epoch; // idle, or a new turn since the last look
                inTurnSince[i] = now;
                busy |= (epoch & 1) != 0;
                if (changed) {
                    turnOver(i); // the turn seen last time, if any, has ended
                    if ((epoch & 1) != 0) {
                        turnSeen(i, worker);
                    }
                }
                continue;
            }
            busy = true;
            if (longTurns[i] != null) {
                longTurns[i].seen(worker.running(), worker.thread());
            }
            long stuck = now - inTurnSince[i];
            if (stuck < BUSY_INTERVAL_NANOS) {
                continue;
            }
            Schedulable waiting = worker.takeNextSlot();
            if (waiting != null) {
                shared.requeue(waiting);
            }
            shared.rescueLingering(worker);
            if (thresholdNanos > 0 && stuck >= thresholdNanos && reportedEpoch[i] != epoch) {
                reportedEpoch[i] = epoch;
                report(worker, Duration.ofNanos(stuck));
            }
        }
        return busy;
    }

    /** A look found worker {@code i} in a turn it was not in at the last look. */
    private void turnSeen(int i, Remote worker) {
        FlightEvents.LongTurn event = FlightEvents.longTurnStarting();
        if (event != null) {
            longTurns[i] = event;
            event.seen(worker.running(), worker.thread());
        }
    }

    /** A look found worker {@code i} out of the turn it was in at the last look. */
    private void turnOver(int i) {
        FlightEvents.LongTurn event = longTurns[i];
        if (event != null) {
            longTurns[i] = null;
            event.finish(dispatcherId);
        }
    }

    private void report(Remote worker, Duration stuckFor) {
        Thread thread = worker.thread();
        StackTraceElement[] stack = thread.getStackTrace();
        reports = reports + 1; // single writer
        StringBuilder trace = new StringBuilder();
        for (StackTraceElement frame : stack) {
            trace.append("\n\tat ").append(frame);
        }
        LOG.warn("dispatcher '{}': worker {} has been in one turn for {} ms; actors queued behind it are starving{}",
                dispatcherId, thread.getName(), stuckFor.toMillis(), trace);
        FlightEvents.workerStarvation(dispatcherId, thread, stuckFor.toNanos());
        events.accept(new WorkerStarvation(dispatcherId, thread.getName(), stuckFor, Arrays.asList(stack)));
    }
}
