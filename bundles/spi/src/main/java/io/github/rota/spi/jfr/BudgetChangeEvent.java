package io.github.rota.spi.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * {@code io.github.rota.BudgetChange}: a dispatcher's throughput budget was changed, from what to
 * what, and through which door ({@link FlightEvents#JMX}, {@link FlightEvents#CONFIGURATION},
 * {@link FlightEvents#SHELL}); the event's thread says who within it.
 */
@Name("io.github.rota.BudgetChange")
@Label("Budget Change")
@Category("Rota")
@Description("A dispatcher's throughput budget changed")
@Enabled(false)
@StackTrace(false)
public final class BudgetChangeEvent extends Event {

    @Label("Dispatcher")
    private String dispatcher;

    @Label("Old Budget")
    private int oldBudget;

    @Label("New Budget")
    private int newBudget;

    @Label("Changed By")
    @Description("Through what it was changed: jmx, configuration or shell")
    private String changedBy;

    private BudgetChangeEvent() {
    }

    static void record(String dispatcherId, int oldValue, int newValue, String source) {
        BudgetChangeEvent event = new BudgetChangeEvent();
        if (event.shouldCommit()) {
            event.dispatcher = dispatcherId;
            event.oldBudget = oldValue;
            event.newBudget = newValue;
            event.changedBy = source;
            event.commit();
        }
    }
}
