/** Rota's dispatcher kinds, provided to the runtime through {@link io.github.rota.spi.dispatch.DispatcherProvider}. */
module io.github.rota.dispatcher {
    requires io.github.rota.api;
    requires org.slf4j;
    requires static org.osgi.annotation.bundle;
    requires static org.osgi.annotation.versioning;

    provides io.github.rota.spi.dispatch.DispatcherProvider
            with io.github.rota.dispatcher.executor.ExecutorDispatcherProvider;
}
