package io.github.rota.runtime;

import io.github.rota.api.ActorRef;
import io.github.rota.api.DeadLetter;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * The sender of an {@link ActorRef#ask}: a reference whose first message answers the ask. The
 * system keeps it only until the reply, the timeout or termination; a reply after one of those
 * becomes a dead letter. Name and path are made only when asked for.
 *
 * <p>Threads: whichever of the reply (on the replying actor's worker), the timeout (the system's
 * scheduler thread) and termination comes first settles the ask: it delivers its outcome to the
 * {@link AskFuture}, which takes only the first and is completed elsewhere (completing it runs the
 * callbacks attached to it, and on the replier's worker that would be user code running inside
 * another actor's turn, possibly at the same time as the asking actor).
 */
final class PromiseRef implements ActorRef<Object> {

    private final String systemName;
    private final DeadLetters deadLetters;
    private final long id;
    private final ActorRef<?> target;
    private final Duration timeout;
    private final long deadlineNanos;
    private final AskFuture<Object> future = new AskFuture<>();

    PromiseRef(String systemName, DeadLetters deadLetters, long id, ActorRef<?> target, Duration timeout) {
        this.systemName = systemName;
        this.deadLetters = deadLetters;
        this.id = id;
        this.target = target;
        this.timeout = timeout;
        this.deadlineNanos = System.nanoTime() + timeout.toNanos();
    }

    /** {@return what the asker gets: completed off the settling thread} */
    AskFuture<Object> answer() {
        return future;
    }

    ActorRef<?> target() {
        return target;
    }

    /**
     * Answers the ask with a failure, unless it is answered already.
     *
     * @return whether this call answered it
     */
    boolean fail(Throwable failure) {
        return future.deliver(null, failure);
    }

    /**
     * @param now {@link System#nanoTime()}
     * @return {@code true} if the ask is over (answered, or timed out by this call)
     */
    boolean expireIfDue(long now) {
        if (future.isDelivered()) {
            return true;
        }
        if (now - deadlineNanos < 0) {
            return false;
        }
        fail(new TimeoutException("ask of " + target.path() + " timed out after " + timeout.toMillis() + " ms"));
        return true;
    }

    @Override
    public String name() {
        return "$ask-" + id;
    }

    @Override
    public String path() {
        return ActorRef.PATH_SCHEME + systemName + "/temp/" + name();
    }

    @Override
    public void tell(Object message) {
        tell(message, null);
    }

    @Override
    public void tell(Object message, ActorRef<?> sender) {
        Objects.requireNonNull(message, "message");
        if (!future.deliver(message, null)) {
            deadLetters.publish(message, sender, this, DeadLetter.Reason.NO_RECIPIENT);
        }
    }

    @Override
    public <R> CompletionStage<R> ask(Object message, Duration timeout) {
        throw new UnsupportedOperationException("cannot ask " + path() + ": it only receives the reply to an ask");
    }

    @Override
    public <R> CompletionStage<R> askFor(Function<? super ActorRef<R>, ?> request, Duration timeout) {
        throw new UnsupportedOperationException("cannot ask " + path() + ": it only receives the reply to an ask");
    }

    @Override
    public String toString() {
        return "Promise[" + path() + "]";
    }
}
