package io.github.rota.bench.spi;

/**
 * A reference to an actor of a {@link Contender}.
 *
 * @param <M> the messages it accepts
 */
public interface Ref<M> {

    /** Sends without a sender. */
    void tell(M message);

    /** Sends with {@code sender} as the reply address. */
    void tell(M message, Ref<?> sender);
}
