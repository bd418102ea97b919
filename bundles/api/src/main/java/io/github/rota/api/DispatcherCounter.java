package io.github.rota.api;

/**
 * The monotonic counters a dispatcher may keep, by meaning, so that every reader (the MBeans, the
 * metrics, the shell, health checks) is checked by the compiler. Each has a stable name for
 * operators ({@link #key()}, camelCase), used in metric names and the shell's listing. A kind
 * keeps the counters that apply to it ({@link DispatcherStats#counters()}); the others read 0.
 */
public enum DispatcherCounter {
    /** Turns run. */
    TURNS("turns"),
    /** User messages handled in those turns. */
    MESSAGES("messages"),
    /** Actors pushed to a worker's local ring (yields, displaced next-slot occupants). */
    LOCAL_PUSHES("localPushes"),
    /** Actors made ready by code running on a worker, put in its next-actor slot. */
    NEXT_SLOT_PUSHES("nextSlotPushes"),
    /**
     * Actors a worker let go from its linger slots (an actor that stays with the worker that ran it
     * while its exchange goes on there); each is a cache line the next worker to run it takes over.
     */
    LINGER_RELEASES("lingerReleases"),
    /** Actors pushed to the global queue (from outside the pool, and overflow). */
    GLOBAL_PUSHES("globalPushes"),
    /** Actors a worker took from the global queue. */
    GLOBAL_POLLS("globalPolls"),
    /** Successful steals (for the executor kind: tasks its pool ran on a thread other than the submitter's). */
    STEAL_OPERATIONS("stealOperations"),
    /** Actors moved by those steals. */
    ACTORS_STOLEN("actorsStolen"),
    /** Those steals that took a sibling's next-actor slot, left full while the sibling ran no turn. */
    NEXT_SLOT_STEALS("nextSlotSteals"),
    /**
     * Siblings a searching worker looked into for work (their queue's ends, and on a second pass
     * their next-actor slot): cache lines read across cores whether or not anything was there.
     */
    SIBLING_PROBES("siblingProbes"),
    /**
     * Times a searching worker slept briefly instead of probing again: the only work it saw was in
     * siblings' rings their owners were still draining, or actors a sibling's long turn made ready
     * that had not yet waited their hand-off wait.
     */
    SEARCH_NAPS("searchNaps"),
    /** Times a worker parked. */
    PARKS("parks"),
    /** Times a worker was woken by a producer. */
    UNPARKS("unparks"),
    /** Wake-ups after which the worker found nothing and parked again. */
    NOOP_WAKEUPS("noopWakeups"),
    /** Actors moved from a full local ring to the global queue. */
    OVERFLOW_TO_GLOBAL("overflowToGlobal"),
    /** Turns that ended with the budget spent and work left. */
    BUDGET_YIELDS("budgetYields"),
    /** Turns reported as starving the actors queued behind them. */
    STARVATION_REPORTS("starvationReports"),
    /** Times a worker was handed to a spare thread because its turn entered {@code blocking()}. */
    BLOCKING_HANDOVERS("blockingHandovers"),
    /** Turns that entered {@code blocking()} with every spare thread in use, so blocked with their worker. */
    BLOCKED_WITHOUT_SPARE("blockedWithoutSpare"),
    /** Times a worker's thread died outside a turn and a new thread took the worker over. */
    WORKERS_REPLACED("workersReplaced"),
    /** Turns seen by a metering decorator. */
    METERED_TURNS("meteredTurns"),
    /** Messages handled in the turns a metering decorator saw. */
    METERED_MESSAGES("meteredMessages"),
    /** Nanoseconds spent in the turns a metering decorator saw. */
    TURN_NANOS("turnNanos");

    private final String key;

    DispatcherCounter(String key) {
        this.key = key;
    }

    /** {@return the counter's name for operators, e.g. {@code noopWakeups}} */
    public String key() {
        return key;
    }
}
