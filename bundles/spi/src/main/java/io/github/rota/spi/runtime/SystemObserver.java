package io.github.rota.spi.runtime;

import io.github.rota.api.ActorSystem;
import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.pool.EnvelopePool;
import java.util.Collection;
import java.util.Optional;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * Hears when an actor system created on the module path starts and terminates, with the dispatchers
 * and envelope pool it owns; found with {@link java.util.ServiceLoader}. The management module
 * registers its MBeans this way. (In OSGi the same things are services, and observers track those.)
 */
@ConsumerType
public interface SystemObserver {

    /**
     * The system has started.
     *
     * @param system the system
     * @param dispatchers its dispatchers
     * @param envelopePool its envelope pool, if enabled
     */
    void started(ActorSystem system, Collection<Dispatcher> dispatchers, Optional<EnvelopePool> envelopePool);

    /**
     * The system has terminated: every actor has stopped and its dispatchers are stopped.
     *
     * @param system the system
     */
    void terminated(ActorSystem system);
}
