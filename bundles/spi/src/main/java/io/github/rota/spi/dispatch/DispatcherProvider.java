package io.github.rota.spi.dispatch;

import java.util.Set;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * Creates dispatchers of one kind. Found with {@link java.util.ServiceLoader} on the module path
 * ({@code provides io.github.rota.spi.dispatch.DispatcherProvider with …}).
 */
@ConsumerType
public interface DispatcherProvider {

    /** {@return the kind this provider creates, as named by {@code rota.dispatcher.<id>.kind}} */
    String kind();

    /**
     * Lists the settings this kind understands.
     *
     * @return the kind-specific keys this provider reads from {@link DispatcherConfig#properties()}
     *         (besides {@code kind} and {@code throughput}); any other key is rejected as unknown
     */
    Set<String> propertyKeys();

    /**
     * Creates a dispatcher, not yet started.
     *
     * @param config its id, budget and kind-specific properties
     * @return the dispatcher
     * @throws IllegalArgumentException if a property is invalid, naming its key and value
     */
    Dispatcher create(DispatcherConfig config);
}
