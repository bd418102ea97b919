package io.github.rota.spi.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * {@code io.github.rota.Overflow}: a worker's ring was full, so its older half and the actor being
 * pushed went to the dispatcher's global queue, on the worker's thread. Frequent overflow means
 * one turn makes many actors ready at once (a fan-out); the {@code OverflowToGlobal} counter has
 * the total.
 */
@Name("io.github.rota.Overflow")
@Label("Overflow to Global Queue")
@Category("Rota")
@Description("A worker's full ring sent actors to the global queue")
@Enabled(false)
@StackTrace(false)
public final class OverflowEvent extends Event {

    @Label("Dispatcher")
    private String dispatcher;

    @Label("Worker")
    @Description("The worker's index in its pool")
    private int worker;

    @Label("Actors")
    @Description("Actors moved to the global queue")
    private int actors;

    private OverflowEvent() {
    }

    static void record(String dispatcherId, int workerIndex, int actorsMoved) {
        OverflowEvent event = new OverflowEvent();
        if (event.shouldCommit()) {
            event.dispatcher = dispatcherId;
            event.worker = workerIndex;
            event.actors = actorsMoved;
            event.commit();
        }
    }
}
