package io.github.rota.runtime;

import io.github.rota.api.ActorRef;
import io.github.rota.api.DeadLetter;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeoutException;

/**
 * The sender of an {@link ActorRef#ask}: a reference whose first message completes a future. The
 * system keeps it only until the reply, the timeout or termination; a reply after completion or
 * timeout becomes a dead letter. Name and path are made only when asked for.
 */
final class PromiseRef implements ActorRef<Object> {

    private final RotaActorSystem system;
    private final long id;
    private final ActorRef<?> target;
    private final Duration timeout;
    private final long deadlineNanos;
    private final CompletableFuture<Object> future = new CompletableFuture<>();

    PromiseRef(RotaActorSystem system, long id, ActorRef<?> target, Duration timeout) {
        this.system = system;
        this.id = id;
        this.target = target;
        this.timeout = timeout;
        this.deadlineNanos = System.nanoTime() + timeout.toNanos();
    }

    CompletableFuture<Object> future() {
        return future;
    }

    ActorRef<?> target() {
        return target;
    }

    /**
     * @param now {@link System#nanoTime()}
     * @return {@code true} if the ask is over (answered, or timed out by this call)
     */
    boolean expireIfDue(long now) {
        if (future.isDone()) {
            return true;
        }
        if (now - deadlineNanos < 0) {
            return false;
        }
        future.completeExceptionally(new TimeoutException(
                "ask of " + target.path() + " timed out after " + timeout.toMillis() + " ms"));
        return true;
    }

    @Override
    public String name() {
        return "$ask-" + id;
    }

    @Override
    public String path() {
        return "rota://" + system.name() + "/temp/" + name();
    }

    @Override
    public void tell(Object message) {
        tell(message, null);
    }

    @Override
    public void tell(Object message, ActorRef<?> sender) {
        Objects.requireNonNull(message, "message");
        if (!future.complete(message)) {
            system.deadLetter(message, sender, this, DeadLetter.Reason.NO_RECIPIENT);
        }
    }

    @Override
    public <R> CompletionStage<R> ask(Object message, Duration timeout) {
        throw new UnsupportedOperationException("cannot ask " + path() + ": it only receives the reply to an ask");
    }

    @Override
    public String toString() {
        return "Promise[" + path() + "]";
    }
}
