package io.github.rota.spi.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/**
 * {@code io.github.rota.WorkerStarvation}: a worker has been inside one turn longer than its
 * dispatcher's starvation threshold, so the actors queued behind it wait (the same episode the log
 * reports with the worker's stack, and the event stream as a
 * {@link io.github.rota.api.WorkerStarvation}). Emitted by the dispatcher's probe thread, once per
 * episode.
 */
@Name("io.github.rota.WorkerStarvation")
@Label("Worker Starvation")
@Category("Rota")
@Description("A worker stayed in one turn past its dispatcher's starvation threshold")
@Enabled(false)
@StackTrace(false)
public final class WorkerStarvationEvent extends Event {

    @Label("Dispatcher")
    private String dispatcher;

    @Label("Worker")
    @Description("The worker's thread")
    private Thread worker;

    @Label("Stuck For")
    @Timespan(Timespan.NANOSECONDS)
    private long stuckFor;

    private WorkerStarvationEvent() {
    }

    static void record(String dispatcherId, Thread workerThread, long stuckForNanos) {
        WorkerStarvationEvent event = new WorkerStarvationEvent();
        if (event.shouldCommit()) {
            event.dispatcher = dispatcherId;
            event.worker = workerThread;
            event.stuckFor = stuckForNanos;
            event.commit();
        }
    }
}
