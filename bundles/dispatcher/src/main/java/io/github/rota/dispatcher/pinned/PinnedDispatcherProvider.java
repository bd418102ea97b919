package io.github.rota.dispatcher.pinned;

import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.DispatcherConfig;
import io.github.rota.spi.dispatch.DispatcherProvider;
import java.util.Set;

/**
 * Kind {@value #KIND}: see {@link PinnedDispatcher}. Property {@value #KEEP_ALIVE_MS}: how long an
 * actor's thread waits for its next message before it ends, default {@value #DEFAULT_KEEP_ALIVE_MS},
 * range 1..3,600,000.
 */
public final class PinnedDispatcherProvider implements DispatcherProvider {

    /** The kind name. */
    public static final String KIND = "pinned";
    /** Property: idle time in milliseconds after which an actor's thread ends. */
    public static final String KEEP_ALIVE_MS = "keepAliveMs";
    /** Default keep-alive: a minute, as for the JDK's cached thread pools. */
    public static final int DEFAULT_KEEP_ALIVE_MS = 60_000;

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public Set<String> propertyKeys() {
        return Set.of(KEEP_ALIVE_MS);
    }

    @Override
    public Dispatcher create(DispatcherConfig config) {
        int keepAlive = config.intProperty(KEEP_ALIVE_MS, DEFAULT_KEEP_ALIVE_MS, 1, 3_600_000);
        return new PinnedDispatcher(config.systemName(), config.id(), config.throughputBudget(), keepAlive,
                config.events());
    }
}
