package io.github.rota.api;

/**
 * A message that stops the actor that receives it. It travels through the actor's system mailbox,
 * so it overtakes queued user messages: an actor with a long backlog stops after at most one more
 * user message (the one it may be handling), and the backlog becomes dead letters.
 */
public final class PoisonPill {

    /** The only instance. */
    public static final PoisonPill INSTANCE = new PoisonPill();

    private PoisonPill() {
    }

    /**
     * Sends the pill to any actor, whatever its message type.
     *
     * @param ref the actor to stop
     */
    @SuppressWarnings("unchecked")
    public static void sendTo(ActorRef<?> ref) {
        ((ActorRef<Object>) ref).tell(INSTANCE);
    }

    @Override
    public String toString() {
        return "PoisonPill";
    }
}
