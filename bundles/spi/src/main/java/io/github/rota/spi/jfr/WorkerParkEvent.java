package io.github.rota.spi.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * {@code io.github.rota.WorkerPark}: a worker found no work anywhere and parked; the event lasts
 * as long as it slept, on its own thread. Sampled ({@code sampleEvery}); the dispatcher's
 * {@code Parks} and {@code Unparks} counters count every one.
 *
 * <p>Use: {@link FlightEvents#parkStarting()} before parking, {@link #finish} once awake, through
 * the {@link FlightEvents.Park} it is.
 */
@Name("io.github.rota.WorkerPark")
@Label("Worker Park")
@Category("Rota")
@Description("A worker slept for lack of work, for the event's duration (sampled)")
@Enabled(false)
@StackTrace(false)
public final class WorkerParkEvent extends SampledEvent implements FlightEvents.Park {

    @Label("Dispatcher")
    private String dispatcher;

    @Label("Worker")
    @Description("The worker's index in its pool")
    private int worker;

    private WorkerParkEvent() {
    }

    /** @return a started event, or {@code null} if this event is not being recorded */
    static WorkerParkEvent startIfRecorded() {
        WorkerParkEvent event = new WorkerParkEvent();
        if (!event.isEnabled()) {
            return null;
        }
        event.begin();
        return event;
    }

    @Override
    public void finish(String dispatcherId, int workerIndex) {
        try {
            end();
            if (shouldCommit()) {
                dispatcher = dispatcherId;
                worker = workerIndex;
                commit();
            }
        } catch (LinkageError error) {
            FlightEvents.unlinkable(error); // see FlightEvents: never the caller's failure
        }
    }
}
