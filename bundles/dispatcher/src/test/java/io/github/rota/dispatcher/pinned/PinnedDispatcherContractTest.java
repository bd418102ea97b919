package io.github.rota.dispatcher.pinned;

import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.DispatcherConfig;
import io.github.rota.testkit.contract.DispatcherContract;
import java.util.Map;

/** The SPI's dispatcher contract, for the {@value PinnedDispatcherProvider#KIND} kind. */
class PinnedDispatcherContractTest extends DispatcherContract {

    @Override
    protected Dispatcher create(DispatcherConfig config) {
        return new PinnedDispatcherProvider().create(new DispatcherConfig(config.systemName(), config.id(),
                config.throughputBudget(), Map.of()));
    }
}
