package io.github.rota.api;

/** What a supervisor does with a child whose {@link Actor#receive} threw. */
public enum Directive {
    /** Keep the instance and its state; continue with the next message. */
    RESUME,
    /** Replace the instance with a fresh one from the props' factory; continue with the next message. */
    RESTART,
    /** Stop the child for good. */
    STOP,
    /** Fail the supervisor itself with the same cause, so that its own supervisor decides. */
    ESCALATE
}
