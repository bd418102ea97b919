package io.github.rota.dispatcher.workstealing;

/** The monotonic counters each worker keeps about its own work (see {@link WorkerCounters}). */
enum Counter {
    /** Turns run. */
    TURNS,
    /** User messages handled in those turns. */
    MESSAGES,
    /** Actors pushed to the worker's local ring (yields, displaced next-slot occupants). */
    LOCAL_PUSHES,
    /** Actors made ready by code running on this worker, put in its next-actor slot. */
    NEXT_SLOT_PUSHES,
    /** Actors this worker pushed to the global queue (overflow). */
    GLOBAL_PUSHES,
    /** Successful steals. */
    STEAL_OPERATIONS,
    /** Actors moved by those steals. */
    ACTORS_STOLEN,
    /** Times the worker parked. */
    PARKS,
    /** Times the worker was woken by a producer. */
    UNPARKS,
    /** Wake-ups after which the worker found nothing and parked again. */
    NOOP_WAKEUPS,
    /** Actors moved from a full local ring to the global queue. */
    OVERFLOW_TO_GLOBAL,
    /** Turns that ended with the budget spent and work left. */
    BUDGET_YIELDS,
    /** Turns reported by the starvation probe (counted by the probe, not by a worker). */
    STARVATION_REPORTS,
    /** Times the worker was handed to a spare thread because its turn entered {@code blocking()}. */
    BLOCKING_HANDOVERS,
    /** Turns that entered {@code blocking()} with every spare thread in use, so blocked with the worker. */
    BLOCKED_WITHOUT_SPARE,
    /** Times the worker's thread died outside a turn and a new thread took the worker over. */
    WORKERS_REPLACED;

    private final String key = camelCase(name());

    /** @return the counter's name for operators, e.g. {@code noopWakeups} */
    String key() {
        return key;
    }

    private static String camelCase(String constant) {
        StringBuilder key = new StringBuilder();
        for (String word : constant.toLowerCase(java.util.Locale.ROOT).split("_")) {
            key.append(key.length() == 0 ? word : Character.toUpperCase(word.charAt(0)) + word.substring(1));
        }
        return key.toString();
    }
}
