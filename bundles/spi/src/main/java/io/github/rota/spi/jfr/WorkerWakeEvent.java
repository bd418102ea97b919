package io.github.rota.spi.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * {@code io.github.rota.WorkerWake}: a thread that made work ready woke a parked worker to take
 * it, on the waking thread (a producer, or a worker that found work while it searched). Sampled
 * ({@code sampleEvery}).
 */
@Name("io.github.rota.WorkerWake")
@Label("Worker Wake")
@Category("Rota")
@Description("A thread woke a parked worker (sampled)")
@Enabled(false)
@StackTrace(false)
public final class WorkerWakeEvent extends SampledEvent {

    @Label("Dispatcher")
    private String dispatcher;

    @Label("Worker")
    @Description("The woken worker's index in its pool")
    private int worker;

    private WorkerWakeEvent() {
    }

    static void record(String dispatcherId, int workerIndex) {
        WorkerWakeEvent event = new WorkerWakeEvent();
        if (event.shouldCommit()) {
            event.dispatcher = dispatcherId;
            event.worker = workerIndex;
            event.commit();
        }
    }
}
