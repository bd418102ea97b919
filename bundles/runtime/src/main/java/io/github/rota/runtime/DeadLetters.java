package io.github.rota.runtime;

import io.github.rota.api.ActorRef;
import io.github.rota.api.DeadLetter;
import io.github.rota.spi.jfr.FlightEvents;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What cannot be delivered: each message no actor will handle is counted and published on the
 * event stream as a {@link DeadLetter}, so nothing is lost silently. A dead letter about a dead
 * letter is counted, never republished.
 *
 * <p>Threads: any.
 */
final class DeadLetters {

    private static final Logger LOG = LoggerFactory.getLogger(DeadLetters.class);

    private final LongAdder count = new LongAdder();
    private final RotaEventStream eventStream;

    DeadLetters(RotaEventStream eventStream) {
        this.eventStream = eventStream;
    }

    void publish(Object message, ActorRef<?> sender, ActorRef<?> recipient, DeadLetter.Reason reason) {
        count.increment();
        if (message instanceof DeadLetter) {
            return;
        }
        FlightEvents.deadLetter(message, sender, recipient, reason);
        LOG.debug("dead letter ({}): {} from {} to {}", reason, message, sender, recipient);
        eventStream.publish(new DeadLetter(message, sender, recipient, reason));
    }

    long count() {
        return count.sum();
    }
}
