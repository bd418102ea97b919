package io.github.rota.runtime;

import io.github.rota.api.ActorRef;
import io.github.rota.api.DeadLetter;
import io.github.rota.spi.jfr.FlightEvents;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What cannot be delivered: each message no actor will handle is counted and published on the
 * event stream as a {@link DeadLetter}, so nothing is lost silently. A dead letter about a dead
 * letter is counted, never republished. The first {@value #LOGGED} of a system are also logged at
 * INFO, as Pekko does, so that a message to a stopped actor shows without a subscriber; the rest
 * at DEBUG, since a stream of them would drown the log.
 *
 * <p>Threads: any.
 */
final class DeadLetters {

    /** Dead letters of one system logged at INFO. */
    static final int LOGGED = 10;

    private static final Logger LOG = LoggerFactory.getLogger(DeadLetters.class);

    private final LongAdder count = new LongAdder();
    private final RotaEventStream eventStream;
    private final Consumer<String> info;

    DeadLetters(RotaEventStream eventStream) {
        this(eventStream, LOG::info);
    }

    /** @param info where the first {@value #LOGGED} go: the INFO log, or a test's list */
    DeadLetters(RotaEventStream eventStream, Consumer<String> info) {
        this.eventStream = eventStream;
        this.info = info;
    }

    void publish(Object message, ActorRef<?> sender, ActorRef<?> recipient, DeadLetter.Reason reason) {
        count.increment();
        if (message instanceof DeadLetter) {
            return;
        }
        FlightEvents.deadLetter(message, sender, recipient, reason);
        log(message, sender, recipient, reason);
        eventStream.publish(new DeadLetter(message, sender, recipient, reason));
    }

    private void log(Object message, ActorRef<?> sender, ActorRef<?> recipient, DeadLetter.Reason reason) {
        long n = count.sum(); // racy across threads: about the first LOGGED are logged, and never all
        if (n <= LOGGED) {
            info.accept("dead letter (" + reason + "): " + message + " from " + (sender == null ? "no sender" : sender)
                    + " to " + (recipient == null ? "no recipient" : recipient)
                    + (n == LOGGED ? "; further dead letters are counted (ActorSystem.deadLetterCount, the"
                            + " ActorSystem MBean) and published on the event stream, and logged at DEBUG only" : ""));
        } else {
            LOG.debug("dead letter ({}): {} from {} to {}", reason, message, sender, recipient);
        }
    }

    long count() {
        return count.sum();
    }
}
