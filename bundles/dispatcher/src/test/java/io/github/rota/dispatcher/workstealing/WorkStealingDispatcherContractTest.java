package io.github.rota.dispatcher.workstealing;

import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.DispatcherConfig;
import io.github.rota.testkit.contract.DispatcherContract;
import java.util.Map;

/** The SPI's dispatcher contract, for the {@value WorkStealingDispatcherProvider#KIND} kind. */
class WorkStealingDispatcherContractTest extends DispatcherContract {

    @Override
    protected Dispatcher create(DispatcherConfig config) {
        return new WorkStealingDispatcherProvider().create(new DispatcherConfig(config.systemName(), config.id(),
                config.throughputBudget(), Map.of("workers", "2")));
    }
}
