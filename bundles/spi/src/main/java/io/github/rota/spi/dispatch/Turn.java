package io.github.rota.spi.dispatch;

import java.util.concurrent.Callable;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * What a dispatcher tells a {@link Schedulable} about the turn it runs, and what it hears back.
 * Dispatchers implement it on their worker (or task) object, so a turn allocates nothing.
 * Valid only during {@link Schedulable#runTurn}, on the thread running it.
 */
@ConsumerType
public interface Turn {

    /** {@return the dispatcher's throughput budget, read once at the start of the turn} */
    int budget();

    /**
     * Reports how many user messages the turn handled, once, before {@code runTurn} returns.
     *
     * @param count user messages handled in this turn
     */
    void messagesHandled(int count);

    /**
     * Asks to stay with this turn's worker now that the schedulable has no work left, so that its
     * next turn can run as soon as work arrives, with no scheduling: a request and its reply then cost
     * no claim of the schedule state, no queue and no going idle (a worker keeps a few such
     * schedulables, "lingering", while its turns exchange messages with them). Called at most once per
     * turn, as the turn ends for lack of work, by the schedulable this turn runs, passing itself.
     *
     * <p>If the dispatcher agrees ({@code true}), the schedulable keeps its claim on itself, as if it were
     * still running (its producers do not schedule it), and returns {@code false} from
     * {@link Schedulable#runTurn}; the dispatcher then owes it exactly one of: another {@code runTurn},
     * in which it resumes without claiming itself again, or {@link LingeringSchedulable#releaseLingering}.
     * If it disagrees, the schedulable goes idle as usual. The default disagrees: a dispatcher that
     * keeps no lingering schedulables need do nothing.
     *
     * @param self the schedulable this turn runs
     * @return whether the schedulable may linger
     */
    default boolean linger(LingeringSchedulable self) {
        return false;
    }

    /**
     * Runs work that blocks the thread running this turn (I/O, a lock, waiting on a future). A
     * dispatcher that shares its threads keeps its parallelism meanwhile: the work-stealing kind
     * hands the worker (its queues and its place in the pool) to a spare thread and lets this thread
     * finish the turn on its own, the executor kind uses {@code ForkJoinPool.managedBlock}. Work
     * made ready on this thread while it blocks goes where any thread can take it. The default just
     * runs the work.
     *
     * @param work the blocking work
     * @param <T> its result type
     * @return what {@code work} returns
     * @throws Exception what {@code work} throws
     */
    default <T> T blocking(Callable<T> work) throws Exception {
        return work.call();
    }
}
