package io.github.rota.management;

import io.github.rota.api.ActorMetrics;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.management.ActorMXBean;
import io.github.rota.api.management.ObjectNames;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The {@link ActorMXBean}s of one system's tracked actors, kept in step with
 * {@link ActorSystem#trackedActors()} once a tick: a bean for each actor that appeared, none for one
 * that stopped. An actor spawned again under the same path is a new {@link ActorMetrics}: its bean
 * replaces the old one under the same name.
 *
 * <p>Threads: the management tick, and close from whoever stops management; synchronized, and a
 * tick after the close does nothing, so no bean is left registered.
 */
final class TrackedActorBeans {

    private final ActorSystem system;
    private final MBeanRegistrar registrar;
    private final Map<ActorMetrics, ActorMBean> beans = new IdentityHashMap<>();
    private boolean closed;

    TrackedActorBeans(ActorSystem system, MBeanRegistrar registrar) {
        this.system = system;
        this.registrar = registrar;
    }

    /** Registers the beans of the actors tracked since the last tick, unregisters those of the ones gone. */
    synchronized void tick() {
        if (closed) {
            return;
        }
        Set<ActorMetrics> now = Collections.newSetFromMap(new IdentityHashMap<>());
        now.addAll(system.trackedActors());
        Map<javax.management.ObjectName, ActorMBean> stopped = new HashMap<>();
        beans.entrySet().removeIf(e -> {
            if (now.contains(e.getKey())) {
                return false;
            }
            e.getValue().close();
            stopped.put(e.getValue().name(), e.getValue());
            return true;
        });
        for (ActorMetrics metrics : now) {
            if (!beans.containsKey(metrics)) {
                ActorMBean bean = new ActorMBean(ObjectNames.actor(system.name(), metrics.pathInSystem()), metrics);
                beans.put(metrics, bean);
                stopped.remove(bean.name()); // the same path again: registering replaces the old bean
                registrar.register(bean, ActorMXBean.class, bean.name());
            }
        }
        stopped.keySet().forEach(registrar::unregister);
    }

    /** Unregisters every bean. */
    synchronized void close() {
        closed = true;
        beans.values().forEach(bean -> {
            bean.close();
            registrar.unregister(bean.name());
        });
        beans.clear();
    }
}
