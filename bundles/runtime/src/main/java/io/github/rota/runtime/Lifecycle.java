package io.github.rota.runtime;

/**
 * Where an actor is in its life, as its cell tracks it on its turns: NEW → RUNNING on CREATE;
 * RUNNING → SUSPENDED when it fails, until its supervisor's directive (RUNNING again on resume,
 * RESTARTING on restart, STOPPING on stop); RESTARTING → RUNNING once its children have stopped and
 * a new instance started; STOPPING → TERMINATED once its children have stopped.
 */
enum Lifecycle {
    /** CREATE not yet processed. */
    NEW,
    /** Handling user messages. */
    RUNNING,
    /** Failed; waiting for the supervisor's directive. */
    SUSPENDED,
    /** Restarting; waiting for the children to stop. */
    RESTARTING,
    /** Stopping; waiting for the children to stop. */
    STOPPING,
    /** Stopped; the cell is closed. */
    TERMINATED
}
