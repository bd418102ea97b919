package io.github.rota.spi.support;

import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.DispatcherProvider;
import io.github.rota.spi.dispatch.TurnObserver;
import java.util.Objects;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * What every dispatcher kind has in common, as Pekko's {@code MessageDispatcher} and the
 * Disruptor's {@code AbstractSequencer} are for theirs: the id and the kind, the throughput budget
 * (checked on every write, read once per turn), the stopping flag, the turn observers, and
 * {@code toString}. A kind implements {@link #start}, {@link #schedule}, {@link #stop} and
 * {@link #signalStop}, and calls {@link #markStopping} from the last two.
 *
 * <p>Threads: the budget and the flag are volatile; the observers are copy-on-write
 * ({@link TurnObservers}).
 */
@ConsumerType
public abstract class AbstractDispatcher implements Dispatcher {

    private final String id;
    private final String kind;
    private final TurnObservers observers;
    private volatile int budget;
    private volatile boolean stopping;

    /**
     * Makes the common part of a dispatcher.
     *
     * @param id the dispatcher id
     * @param kind the kind's name, as its {@link DispatcherProvider} gives it
     * @param budget the initial throughput budget
     * @param observerFaults where a turn observer's exception goes, on the turn's thread (the kind
     *                       logs it and publishes a {@link io.github.rota.api.DispatcherError})
     * @throws IllegalArgumentException if {@code budget} is out of range
     */
    protected AbstractDispatcher(String id, String kind, int budget, Consumer<Throwable> observerFaults) {
        this.id = Objects.requireNonNull(id, "id");
        this.kind = Objects.requireNonNull(kind, "kind");
        this.budget = Dispatcher.checkThroughputBudget(budget);
        this.observers = new TurnObservers(observerFaults);
    }

    @Override
    public final String id() {
        return id;
    }

    @Override
    public final String kind() {
        return kind;
    }

    @Override
    public final int throughputBudget() {
        return budget;
    }

    @Override
    public final void setThroughputBudget(int budget) {
        this.budget = Dispatcher.checkThroughputBudget(budget);
    }

    @Override
    public final void observeTurns(TurnObserver observer) {
        observers.add(observer);
    }

    /** {@return the observers every turn of this dispatcher runs with ({@link TurnObservers#runTurn})} */
    protected final TurnObservers observers() {
        return observers;
    }

    /** {@return whether {@link #stop} or {@link #signalStop} has been called} */
    public final boolean isStopping() {
        return stopping;
    }

    /** Sets the stopping flag, for good. */
    protected final void markStopping() {
        stopping = true;
    }

    /**
     * For {@link #schedule}: refuses work once stopping.
     *
     * @throws RejectedExecutionException naming the dispatcher, if it is stopping
     */
    protected final void refuseIfStopping() {
        if (stopping) {
            throw refusal();
        }
    }

    /** {@return the exception a stopped dispatcher refuses a schedule with} */
    protected final RejectedExecutionException refusal() {
        return new RejectedExecutionException("dispatcher '" + id + "' is stopped");
    }

    /** {@return what {@link #toString} shows between the id and the budget, e.g. {@code ", workers=4"}; empty by default} */
    protected String describe() {
        return "";
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + id + describe() + ", budget=" + budget + "]";
    }
}
