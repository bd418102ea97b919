package io.github.rota.api;

import java.time.Duration;
import java.util.Set;

/**
 * An actor system at a glance, for operators ({@link ActorSystem#status()}).
 *
 * @param liveActors actors started and not yet stopped, the user guardian included
 * @param deadLetters dead letters since the system started
 * @param uptime time since the system started
 * @param defaultDispatcher the id of the dispatcher actors run on unless their props name one
 * @param defaultMailbox the id of the mailbox actors get unless their props name one
 * @param dispatcherIds the dispatcher ids in use
 * @param actorsWaitingForDispatcher actors scheduled on an id no dispatcher serves right now (OSGi, while one is replaced or missing)
 */
public record SystemStatus(long liveActors, long deadLetters, Duration uptime, String defaultDispatcher,
                           String defaultMailbox, Set<String> dispatcherIds, int actorsWaitingForDispatcher) {

    /**
     * Checks the components.
     *
     * @param liveActors actors started and not yet stopped
     * @param deadLetters dead letters so far
     * @param uptime time since start
     * @param defaultDispatcher default dispatcher id
     * @param defaultMailbox default mailbox id
     * @param dispatcherIds dispatcher ids in use
     * @param actorsWaitingForDispatcher actors waiting for a dispatcher
     */
    public SystemStatus {
        dispatcherIds = Set.copyOf(dispatcherIds);
    }
}
