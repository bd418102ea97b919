package io.github.rota.testkit.internal;

import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.DispatcherConfig;
import io.github.rota.testkit.contract.DispatcherContract;

/** The SPI's dispatcher contract, for the {@value CallingThreadDispatcherProvider#KIND} kind. */
class CallingThreadDispatcherContractTest extends DispatcherContract {

    @Override
    protected Dispatcher create(DispatcherConfig config) {
        return new CallingThreadDispatcherProvider().create(config);
    }

    /** Its turns run on the thread that schedules them: nothing to block beside, no threads of its own. */
    @Override
    protected boolean runsTurnsOnItsOwnThreads() {
        return false;
    }
}
