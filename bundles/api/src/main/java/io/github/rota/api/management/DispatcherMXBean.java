package io.github.rota.api.management;


/**
 * One dispatcher, registered as {@code io.github.rota:type=Dispatcher,system=<system>,name=<id>}.
 * Counters are monotonic since the dispatcher started (clients derive rates); depths and parked
 * workers are as of the read. A counter the dispatcher's kind does not keep reads 0.
 *
 * <p>{@code ThroughputBudget} is writable: a value in 1..1,000,000 applies from each actor's next
 * turn and sends an {@link javax.management.AttributeChangeNotification} with the old and new
 * value (so does a change made another way, e.g. in the configuration); anything else fails with
 * an {@link IllegalArgumentException} naming the value and changes nothing. In OSGi the new value is
 * also written to the dispatcher's configuration, so it survives a restart.
 */
public interface DispatcherMXBean {

    /** The ObjectName's {@code type}. */
    String TYPE = "Dispatcher";

    /** {@return the dispatcher's id} */
    String getId();

    /** {@return its kind, e.g. {@code work-stealing}} */
    String getKind();

    /** {@return user messages an actor may handle per turn} */
    @Units("messages")
    int getThroughputBudget();

    /**
     * Changes the throughput budget; it applies from each actor's next turn and sends an attribute change notification.
     *
     * @param budget 1..1,000,000
     * @throws IllegalArgumentException if out of range; nothing changes
     */
    void setThroughputBudget(int budget);

    /** {@return worker threads} */
    @Units("threads")
    int getWorkers();

    /** {@return workers parked now} */
    @Units("threads")
    int getParkedWorkers();

    /** {@return workers not parked now (running a turn or looking for one): {@code Workers - ParkedWorkers}} */
    @Units("threads")
    int getActiveWorkers();

    /** {@return actors waiting in the shared queue} */
    @Units("actors")
    int getGlobalQueueDepth();

    /** {@return actors waiting per worker (local queue and next-actor slot), in worker order} */
    @Units("actors")
    int[] getWorkerQueueDepths();

    /** {@return turns run} */
    @Units("turns")
    long getTurns();

    /** {@return user messages handled} */
    @Units("messages")
    long getMessages();

    /** {@return actors pushed to a worker's local queue} */
    @Units("actors")
    long getLocalPushes();

    /** {@return actors put in a worker's next-actor slot} */
    @Units("actors")
    long getNextSlotPushes();

    /** {@return actors a worker let go from its linger slots} */
    @Units("actors")
    long getLingerReleases();

    /** {@return actors pushed to the shared queue (by outside producers and overflow)} */
    @Units("actors")
    long getGlobalPushes();

    /** {@return actors workers took from the shared queue} */
    @Units("actors")
    long getGlobalPolls();

    /** {@return successful steals} */
    @Units("operations")
    long getStealOperations();

    /** {@return actors moved by steals} */
    @Units("actors")
    long getActorsStolen();

    /** {@return steals that took a sibling's next-actor slot, left full while the sibling ran no turn} */
    @Units("operations")
    long getNextSlotSteals();

    /** {@return siblings a searching worker looked into for work, whether or not it found any} */
    @Units("probes")
    long getSiblingProbes();

    /** {@return times a searching worker slept briefly because the only work it saw, its siblings were still draining} */
    @Units("naps")
    long getSearchNaps();

    /** {@return times a worker parked} */
    @Units("parks")
    long getParks();

    /** {@return times a worker was woken} */
    @Units("wake-ups")
    long getUnparks();

    /** {@return wake-ups after which the worker found nothing to do} */
    @Units("wake-ups")
    long getNoopWakeups();

    /** {@return actors moved from a full local queue to the shared queue} */
    @Units("actors")
    long getOverflowToGlobal();

    /** {@return turns that ended because the budget was spent with messages left} */
    @Units("turns")
    long getBudgetExhaustedYields();

    /** {@return turns reported by the starvation probe as stuck longer than its threshold} */
    @Units("turns")
    long getStarvationReports();

    /** {@return times a worker went on on a spare thread because its turn entered {@code blocking()}} */
    @Units("hand-overs")
    long getBlockingHandovers();

    /** {@return turns that entered {@code blocking()} with every spare thread in use, and so held their worker} */
    @Units("turns")
    long getBlockedWithoutSpare();

    /** {@return times a worker's thread failed outside a turn and another thread took the worker over} */
    @Units("threads")
    long getWorkersReplaced();
}
