package io.github.rota.dispatcher.executor;

import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.DispatcherConfig;
import io.github.rota.testkit.contract.DispatcherContract;
import java.util.Map;

/** The SPI's dispatcher contract, for the {@value ExecutorDispatcherProvider#KIND} kind. */
class ExecutorDispatcherContractTest extends DispatcherContract {

    @Override
    protected Dispatcher create(DispatcherConfig config) {
        return new ExecutorDispatcherProvider().create(new DispatcherConfig(config.systemName(), config.id(),
                config.throughputBudget(), Map.of("workers", "2")));
    }
}
