package io.github.rota.runtime;

import io.github.rota.api.ActorRef;
import io.github.rota.api.DeadLetter;

/**
 * Where an actor's turn loop reports what it cannot handle itself: the messages that cannot be
 * delivered, and the faults of the machinery around the actor's code. The actor system is one.
 * Any thread.
 */
interface TurnSink {

    /** A message no actor will handle: counted and published. */
    void deadLetter(Object message, ActorRef<?> sender, ActorRef<?> recipient, DeadLetter.Reason reason);

    /** A fault outside the actor's own code, on dispatcher {@code dispatcherId}: logged and published. */
    void fault(String dispatcherId, Throwable fault, ActorRef<?> actor);
}
