package io.github.rota.spi.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * {@code io.github.rota.DispatcherReplaced}: a dispatcher id got a new dispatcher (its configuration
 * changed, or its bundle was updated): new work on the id goes to the new one, and the actors that
 * waited for it in between start there.
 */
@Name("io.github.rota.DispatcherReplaced")
@Label("Dispatcher Replaced")
@Category("Rota")
@Description("A dispatcher id was bound to a new dispatcher")
@Enabled(false)
@StackTrace(false)
public final class DispatcherReplacedEvent extends Event {

    @Label("Dispatcher")
    private String dispatcher;

    @Label("Old Kind")
    private String oldKind;

    @Label("New Kind")
    private String newKind;

    @Label("Waiting Actors")
    @Description("Actors that waited for the new dispatcher and were handed to it")
    private int waitingActors;

    private DispatcherReplacedEvent() {
    }

    static void record(String dispatcherId, String oldKindName, String newKindName, int waiting) {
        DispatcherReplacedEvent event = new DispatcherReplacedEvent();
        if (event.shouldCommit()) {
            event.dispatcher = dispatcherId;
            event.oldKind = oldKindName;
            event.newKind = newKindName;
            event.waitingActors = waiting;
            event.commit();
        }
    }
}
