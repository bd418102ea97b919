package io.github.rota.api;

/**
 * How many messages wait in one actor's mailbox, as of a snapshot ({@link ActorSystem#largestMailboxes}).
 *
 * @param actor the actor
 * @param depth messages waiting in its mailbox
 */
public record MailboxDepth(ActorRef<?> actor, int depth) {
}
