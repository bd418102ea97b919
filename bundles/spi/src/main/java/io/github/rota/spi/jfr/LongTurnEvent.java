package io.github.rota.spi.jfr;

import io.github.rota.spi.dispatch.Schedulable;
import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Threshold;

/**
 * {@code io.github.rota.LongTurn}: a turn that ran longer than the event's threshold (10 ms unless
 * the recording says otherwise), naming the actor and the message it was handling. The turn is
 * timed from outside, by the probe thread that looks at the workers of a work-stealing dispatcher
 * every millisecond while any is in a turn (backing off to 10 ms while all are idle), so the turns
 * themselves read no clock for it. The event's duration is from the first look that saw the turn to
 * the first that saw it over: it may miss up to 10 ms of a turn that began while the dispatcher was
 * idle, and 1 ms otherwise; a turn that blocks inside {@code blocking()} hands its worker to another
 * thread, and is timed up to then. The event is committed on the probe's thread.
 *
 * <p>Use: {@link FlightEvents#longTurnStarting()} when a look first sees a turn, {@link #seen} at
 * each look while it goes on, {@link #finish} at the look that sees it over, through the
 * {@link FlightEvents.LongTurn} it is. Confined to the probe.
 */
@Name("io.github.rota.LongTurn")
@Label("Long Turn")
@Category("Rota")
@Description("A turn that ran longer than the threshold: the actor, and the message it was handling")
@Enabled(false)
@Threshold("10 ms")
@StackTrace(false)
public final class LongTurnEvent extends Event implements FlightEvents.LongTurn {

    @Label("Dispatcher")
    private String dispatcher;

    @Label("Worker")
    @Description("The worker's thread that ran the turn")
    private Thread worker;

    @Label("Actor")
    @Description("What the turn ran: an actor's path")
    private String actor;

    @Label("Message Class")
    @Description("The class of the last message a look found in hand; empty if no look found one")
    private Class<?> messageClass;

    /** What the turn runs, as last seen. */
    private transient Schedulable running;

    private LongTurnEvent() {
    }

    /** @return a started event, or {@code null} if this event is not being recorded */
    static LongTurnEvent startIfRecorded() {
        LongTurnEvent event = new LongTurnEvent();
        if (!event.isEnabled()) {
            return null;
        }
        event.begin();
        return event;
    }

    @Override
    public void seen(Schedulable schedulable, Thread workerThread) {
        if (worker == null) {
            worker = workerThread;
        }
        if (schedulable == null) {
            return;
        }
        running = schedulable;
        try {
            Object message = schedulable.messageInHand();
            if (message != null) {
                messageClass = message.getClass();
            }
        } catch (RuntimeException e) {
            // The report loses its message class; the probe that asked must go on with its rescues.
        }
    }

    @Override
    public void finish(String dispatcherId) {
        try {
            end();
            if (shouldCommit()) {
                dispatcher = dispatcherId;
                actor = nameOf(running);
                commit();
            }
        } catch (LinkageError error) {
            FlightEvents.unlinkable(error); // see FlightEvents: never the caller's failure
        }
    }

    private static String nameOf(Schedulable schedulable) {
        if (schedulable == null) {
            return "";
        }
        try {
            return schedulable.name();
        } catch (RuntimeException e) {
            return schedulable.getClass().getName();
        }
    }
}
