package io.github.rota.management;

import io.github.rota.api.ActorSystem;
import io.github.rota.api.management.ActorSystemMXBean;
import io.github.rota.api.management.DispatcherMXBean;
import io.github.rota.api.management.EnvelopePoolMXBean;
import io.github.rota.api.management.ObjectNames;
import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.pool.EnvelopePool;
import io.github.rota.spi.runtime.SystemObserver;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import javax.management.ObjectName;

/**
 * On the module path (no OSGi) the system itself has its MBeans registered: this observer, found by
 * {@link java.util.ServiceLoader}, registers the same MBeans as the OSGi whiteboard when a system
 * starts — the system, each dispatcher, the envelope pool if enabled — and unregisters them when it
 * terminates, with the system's Dropwizard registry ({@link DropwizardMetrics}). A budget set through JMX
 * applies and is announced, but is not saved anywhere.
 */
public final class ModulePathManagement implements SystemObserver {

    private final MBeanRegistrar registrar = new MBeanRegistrar();
    private final Map<ActorSystem, Registered> registered = new ConcurrentHashMap<>();

    /** What one system registered, and the thread that ticks its MBeans. */
    private record Registered(List<ObjectName> names, ScheduledExecutorService ticker, DropwizardMetrics metrics,
                              TrackedActorBeans trackedActors) {
    }

    @Override
    public void started(ActorSystem system, Collection<Dispatcher> dispatchers, Optional<EnvelopePool> envelopePool) {
        List<ObjectName> names = new ArrayList<>();
        List<DispatcherMBean> dispatcherBeans = new ArrayList<>();
        DropwizardMetrics metrics = new DropwizardMetrics(system.name());
        metrics.system(system);
        envelopePool.ifPresent(metrics::pool);
        for (Dispatcher dispatcher : dispatchers) {
            metrics.dispatcher(dispatcher);
            DispatcherMBean bean = new DispatcherMBean(ObjectNames.dispatcher(system.name(), dispatcher.id()), dispatcher,
                    budget -> { });
            registrar.register(bean, DispatcherMXBean.class, bean.name());
            names.add(bean.name());
            dispatcherBeans.add(bean);
        }
        envelopePool.ifPresent(pool -> {
            ObjectName name = ObjectNames.envelopePool(system.name());
            registrar.register(new EnvelopePoolMBean(pool), EnvelopePoolMXBean.class, name);
            names.add(name);
        });
        ActorSystemMBean systemBean = new ActorSystemMBean(system, metrics::queueDelayNowNanos);
        ObjectName systemName = ObjectNames.actorSystem(system.name());
        registrar.register(systemBean, ActorSystemMXBean.class, systemName);
        names.add(systemName);
        TrackedActorBeans trackedActors = new TrackedActorBeans(system, registrar);
        ScheduledExecutorService ticker = Ticker.start(system.name() + "-management", () -> {
            dispatcherBeans.forEach(DispatcherMBean::checkBudget);
            systemBean.sampleHealth();
            metrics.tick();
            trackedActors.tick();
        });
        registered.put(system, new Registered(names, ticker, metrics, trackedActors));
    }

    @Override
    public void terminated(ActorSystem system) {
        Registered gone = registered.remove(system);
        if (gone != null) {
            gone.ticker().shutdownNow();
            awaitLastTick(gone.ticker());
            gone.trackedActors().close();
            gone.names().forEach(registrar::unregister);
            gone.metrics().close();
        }
    }

    /** A tick still running registers no bean after the close: it ends first (a tick is quick). */
    private static void awaitLastTick(ScheduledExecutorService ticker) {
        try {
            ticker.awaitTermination(Ticker.PERIOD_MILLIS * 5, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
