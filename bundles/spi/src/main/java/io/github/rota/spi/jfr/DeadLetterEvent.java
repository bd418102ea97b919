package io.github.rota.spi.jfr;

import io.github.rota.api.ActorRef;
import io.github.rota.api.DeadLetter;
import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * {@code io.github.rota.DeadLetter}: a message no actor will handle, and why (the
 * {@link io.github.rota.api.DeadLetter.Reason}), on the thread that found it undeliverable: the
 * sender's for a stopped recipient, the actor's own for a mailbox drained as it stops. Sampled
 * ({@code sampleEvery}), since dead letters come in floods; the actor system's {@code DeadLetters}
 * counter counts every one.
 */
@Name("io.github.rota.DeadLetter")
@Label("Dead Letter")
@Category("Rota")
@Description("A message no actor will handle, and why (sampled)")
@Enabled(false)
@StackTrace(false)
public final class DeadLetterEvent extends SampledEvent {

    @Label("Recipient")
    @Description("The path of the actor it was sent to")
    private String recipient;

    @Label("Sender")
    @Description("The sender's path; empty if none was given")
    private String sender;

    @Label("Message Class")
    private Class<?> messageClass;

    @Label("Reason")
    private String reason;

    private DeadLetterEvent() {
    }

    static void record(Object message, ActorRef<?> from, ActorRef<?> to, DeadLetter.Reason why) {
        DeadLetterEvent event = new DeadLetterEvent();
        if (event.shouldCommit()) {
            event.recipient = to == null ? "" : to.path();
            event.sender = from == null ? "" : from.path();
            event.messageClass = message.getClass();
            event.reason = why.name();
            event.commit();
        }
    }
}
