package io.github.rota.runtime;

import io.github.rota.spi.dispatch.Dispatcher;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The dispatchers an actor system runs its actors on, a {@link DispatcherBinding} per id, in one
 * of two shapes; the shape, chosen once, decides who starts and stops them and which ids exist.
 * <ul>
 *   <li>{@linkplain #fixed Fixed} (the module path): the system created them from its settings and
 *       owns them: it starts them, stops them when it has terminated, and knows no other id.</li>
 *   <li>{@linkplain #bound Bound} (OSGi): they are services, owned by the components that
 *       registered them, which stop them; they are bound and unbound while actors run, and an actor
 *       on an id that has none bound waits for one.</li>
 * </ul>
 */
abstract sealed class Dispatchers permits Dispatchers.Fixed, Dispatchers.Bound {

    private static final Logger LOG = LoggerFactory.getLogger(Dispatchers.class);

    final ConcurrentMap<String, DispatcherBinding<TurnLoop>> bindings = new ConcurrentHashMap<>();

    /** @return dispatchers the system created and owns; only their ids exist */
    static Fixed fixed(Collection<Dispatcher> owned) {
        return new Fixed(owned);
    }

    /** @return dispatcher services, {@code present} bound from the start */
    static Bound bound(Collection<Dispatcher> present) {
        return new Bound(present);
    }

    /** @return the binding actors on {@code id} are scheduled through; {@code null} if there is no such id */
    abstract DispatcherBinding<TurnLoop> bindingFor(String id);

    /** Starts the dispatchers this system owns, before any actor runs. */
    abstract void start();

    /** Stops the dispatchers this system owns; every actor has stopped. */
    abstract void stop();

    final DispatcherBinding<TurnLoop> newBinding(String id) {
        return new DispatcherBinding<>(id, TurnLoop::stopInPlace);
    }

    /** @return the dispatcher serving {@code id} now, if one is bound */
    final Optional<Dispatcher> current(String id) {
        DispatcherBinding<TurnLoop> binding = bindings.get(id);
        return binding == null ? Optional.empty() : binding.current();
    }

    /** @return the ids actors can be on (or wait on) */
    final Set<String> ids() {
        return new TreeSet<>(bindings.keySet());
    }

    /** @return actors waiting for their dispatcher to be bound */
    final int waiting() {
        return bindings.values().stream().mapToInt(DispatcherBinding::waiting).sum();
    }

    /** The module path's: created, started and stopped by the system. */
    static final class Fixed extends Dispatchers {

        private final List<Dispatcher> owned;

        private Fixed(Collection<Dispatcher> owned) {
            this.owned = List.copyOf(owned);
            for (Dispatcher dispatcher : this.owned) {
                DispatcherBinding<TurnLoop> binding = newBinding(dispatcher.id());
                binding.bind(dispatcher);
                bindings.put(dispatcher.id(), binding);
            }
        }

        @Override
        DispatcherBinding<TurnLoop> bindingFor(String id) {
            return bindings.get(id);
        }

        @Override
        void start() {
            owned.forEach(Dispatcher::start);
        }

        @Override
        void stop() {
            for (Dispatcher dispatcher : owned) {
                try {
                    // Every actor has stopped, so whatever is handed back belongs to closed cells,
                    // whose turns would do nothing.
                    int unrun = dispatcher.stop().size();
                    if (unrun > 0) {
                        LOG.debug("dispatcher '{}' handed back {} stopped actors", dispatcher.id(), unrun);
                    }
                } catch (RuntimeException e) {
                    LOG.error("dispatcher '{}' failed to stop", dispatcher.id(), e);
                }
            }
        }
    }

    /**
     * OSGi's: services that come and go. The system only binds and unbinds them; the component that
     * registered one stops it after unregistering it, and hands what it had queued back to the
     * actors ({@link io.github.rota.spi.dispatch.Schedulable#handedBack}), which schedule themselves
     * again through their binding: on the replacement, or waiting for one.
     */
    static final class Bound extends Dispatchers {

        private Bound(Collection<Dispatcher> present) {
            present.forEach(this::bind);
        }

        @Override
        DispatcherBinding<TurnLoop> bindingFor(String id) {
            return bindings.computeIfAbsent(id, this::newBinding);
        }

        @Override
        void start() {
            // services are started by the components that registered them
        }

        @Override
        void stop() {
            // and stopped by them
        }

        /** A dispatcher service appeared: actors on its id (and those waiting for it) now run on it. */
        void bind(Dispatcher dispatcher) {
            bindingFor(dispatcher.id()).bind(dispatcher);
        }

        /**
         * A dispatcher service is going away: new work on its id goes to its replacement, or waits.
         * It keeps running what it has queued until its component stops it.
         *
         * @return whether it was bound here
         */
        boolean unbind(Dispatcher dispatcher) {
            DispatcherBinding<TurnLoop> binding = bindings.get(dispatcher.id());
            return binding != null && binding.unbind(dispatcher);
        }
    }
}
