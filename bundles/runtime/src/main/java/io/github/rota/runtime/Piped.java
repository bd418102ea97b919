package io.github.rota.runtime;

import java.util.function.BiFunction;

/**
 * The outcome of a stage piped to an actor ({@code pipeToSelf}), travelling through its user
 * mailbox; the function runs in the actor's turn, so it may use the actor's state.
 */
record Piped<T, M>(T value, Throwable failure, BiFunction<? super T, ? super Throwable, ? extends M> function) {

    /** In the actor's turn. */
    M toMessage(String path) {
        M mapped = function.apply(value, failure);
        if (mapped == null) {
            throw new NullPointerException("the pipeToSelf function of " + path + " returned null");
        }
        return mapped;
    }

    /** What a dead letter carries: the value, or the failure. */
    Object outcome() {
        return failure != null ? failure : value;
    }
}
