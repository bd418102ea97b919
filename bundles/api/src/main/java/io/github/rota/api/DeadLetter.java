package io.github.rota.api;

import java.util.Objects;

/**
 * A message that could not be delivered, published on the {@link EventStream} and counted in
 * {@link ActorSystem#deadLetterCount()}.
 *
 * @param message the undelivered message
 * @param sender its sender, or {@code null}
 * @param recipient the intended recipient, or {@code null} for a reply with nobody to reply to
 * @param reason why it was not delivered
 */
public record DeadLetter(Object message, ActorRef<?> sender, ActorRef<?> recipient, Reason reason) {

    /**
     * Checks the components.
     *
     * @param message the undelivered message, not null
     * @param sender its sender, or {@code null}
     * @param recipient the intended recipient, or {@code null}
     * @param reason why it was not delivered, not null
     */
    public DeadLetter {
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(reason, "reason");
    }

    /** Why a message became a dead letter. */
    public enum Reason {
        /** The recipient had stopped, or stopped before handling the message. */
        RECIPIENT_STOPPED,
        /** The recipient's bounded mailbox was full. */
        MAILBOX_FULL,
        /** A reply had no sender to go to, or an ask had already completed or timed out. */
        NO_RECIPIENT,
        /** The dispatcher refused to schedule the recipient (it was shut down). */
        DISPATCHER_REJECTED
    }
}
