package io.github.rota.spi.dispatch;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * Wraps any dispatcher to add a cross-cutting concern (metering, tracing) and delegates the
 * scheduling itself: the actor-ts "wrap and delegate" shape. Named in the settings per dispatcher,
 * {@code rota.dispatcher.<id>.decorators=metering,tracing} (applied in that order, the first
 * innermost), and found with {@link java.util.ServiceLoader} on the module path.
 *
 * <p>A decorator extends {@link io.github.rota.spi.support.ForwardingDispatcher} and watches turns with
 * {@link Dispatcher#observeTurns}; it passes schedulables through unchanged, since the dispatcher
 * it wraps must see one and the same schedulable for one actor (and a wrapper per scheduling
 * would allocate on the hot path).
 */
@ConsumerType
public interface DispatcherDecorator {

    /** {@return the name the settings use, e.g. {@code metering}} */
    String name();

    /**
     * Wraps a dispatcher.
     *
     * @param delegate the dispatcher to wrap, not yet started
     * @param config the wrapped dispatcher's configuration
     * @return the wrapping dispatcher, which starts and stops its delegate
     */
    Dispatcher decorate(Dispatcher delegate, DispatcherConfig config);
}
