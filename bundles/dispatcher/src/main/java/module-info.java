/** Rota's dispatcher kinds, provided to the runtime through {@link io.github.rota.spi.dispatch.DispatcherProvider}. */
module io.github.rota.dispatcher {
    requires io.github.rota.api;
    requires io.github.rota.spi;
    requires org.slf4j;
    requires org.jctools.core;
    requires jdk.unsupported; // JCTools reaches sun.misc.Unsafe; its own descriptor does not resolve it
    requires static org.osgi.annotation.bundle;
    requires static org.osgi.annotation.versioning;
    // OSGi: Declarative Services components, never loaded on the module path.
    requires static osgi.core;
    requires static org.osgi.service.component.annotations;
    requires static org.osgi.service.metatype.annotations;

    provides io.github.rota.spi.dispatch.DispatcherProvider
            with io.github.rota.dispatcher.workstealing.WorkStealingDispatcherProvider,
                 io.github.rota.dispatcher.executor.ExecutorDispatcherProvider,
                 io.github.rota.dispatcher.pinned.PinnedDispatcherProvider;
    provides io.github.rota.spi.dispatch.DispatcherDecorator
            with io.github.rota.dispatcher.metering.MeteringDecorator;
}
