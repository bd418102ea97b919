package io.github.rota.runtime;

import io.github.rota.api.ActorRef;
import io.github.rota.api.DeadLetter;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeoutException;

/**
 * The sender of an {@link ActorRef#ask}: a reference whose first message completes a future. It is
 * registered nowhere, so nothing outlives the ask; a reply after completion or timeout becomes a
 * dead letter.
 */
final class PromiseRef implements ActorRef<Object> {

    private final RotaActorSystem system;
    private final String name;
    private final String path;
    private final CompletableFuture<Object> future = new CompletableFuture<>();

    PromiseRef(RotaActorSystem system, String name, String path) {
        this.system = system;
        this.name = name;
        this.path = path;
    }

    CompletableFuture<Object> future() {
        return future;
    }

    void timeOut(ActorRef<?> target, Duration timeout) {
        future.completeExceptionally(new TimeoutException(
                "ask of " + target.path() + " timed out after " + timeout.toMillis() + " ms"));
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String path() {
        return path;
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
        throw new UnsupportedOperationException("cannot ask " + path + ": it only receives the reply to an ask");
    }

    @Override
    public String toString() {
        return "Promise[" + path + "]";
    }
}
