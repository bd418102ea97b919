package io.github.rota.spi.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * {@code io.github.rota.Steal}: a worker with nothing to run took actors from a sibling's queue,
 * on the thief's thread. Sampled ({@code sampleEvery}); the dispatcher's {@code StealOperations}
 * and {@code ActorsStolen} counters count every steal.
 */
@Name("io.github.rota.Steal")
@Label("Steal")
@Category("Rota")
@Description("A worker took actors from a sibling's queue (sampled)")
@Enabled(false)
@StackTrace(false)
public final class StealEvent extends SampledEvent {

    @Label("Dispatcher")
    private String dispatcher;

    @Label("Thief")
    @Description("The stealing worker's index in its pool")
    private int thief;

    @Label("Victim")
    @Description("The index of the worker stolen from")
    private int victim;

    @Label("Actors")
    @Description("Actors taken")
    private int actors;

    private StealEvent() {
    }

    static void record(String dispatcherId, int thiefIndex, int victimIndex, int actorsTaken) {
        StealEvent event = new StealEvent();
        if (event.shouldCommit()) {
            event.dispatcher = dispatcherId;
            event.thief = thiefIndex;
            event.victim = victimIndex;
            event.actors = actorsTaken;
            event.commit();
        }
    }
}
