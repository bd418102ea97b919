package io.github.rota.shell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.rota.api.ActorSystem;
import io.github.rota.api.Settings;
import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.DispatcherConfig;
import io.github.rota.spi.dispatch.DispatcherProvider;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The commands as an operator types them (without ConfigAdmin: that path runs in Felix, in itests). */
class RotaCommandsTest {

    private final RotaCommands commands = new RotaCommands();
    private final Dispatcher dispatcher = ServiceLoader.load(DispatcherProvider.class).stream()
            .map(ServiceLoader.Provider::get).filter(p -> p.kind().equals("work-stealing")).findFirst().orElseThrow()
            .create(new DispatcherConfig("shell", "default", 32, Map.of("workers", "2")));
    private final ActorSystem system = ActorSystem.create("shell", Settings.empty());

    RotaCommandsTest() {
        dispatcher.start();
        commands.bindDispatcher(dispatcher, Map.of("id", "default"));
        commands.systems.add(system);
    }

    @AfterEach
    void stop() throws Exception {
        dispatcher.stop();
        system.terminate().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }

    @Test
    void dispatchersListsIdKindWorkersAndBudget() {
        assertThat(commands.dispatchersTable().lines())
                .first().asString().contains("ID", "KIND", "WORKERS", "BUDGET");
        assertThat(commands.dispatchersTable().lines().skip(1))
                .singleElement().asString().matches("default\\s+work-stealing\\s+2\\s+\\d+\\s+32\\s+\\d+");
    }

    @Test
    void dispatcherShowsEveryCounter() {
        assertThat(commands.dispatcherDetails("default")).contains("throughputBudget", "turns", "stealOperations", "parks");
    }

    @Test
    void anUnknownDispatcherIsNamedWithTheRunningOnes() {
        assertThatThrownBy(() -> commands.dispatcherDetails("nope"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("no dispatcher 'nope'; running: [default]");
    }

    @Test
    void budgetChangesTheBudgetAndRejectsOutOfRangeValuesChangingNothing() throws Exception {
        assertThat(commands.changeBudget("default", 64)).isEqualTo("dispatcher 'default': throughput budget 32 -> 64");
        assertThat(dispatcher.throughputBudget()).isEqualTo(64);

        assertThatThrownBy(() -> commands.changeBudget("default", 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("throughput budget must be in 1..1000000, was 0");
        assertThat(dispatcher.throughputBudget()).isEqualTo(64);
    }

    @Test
    void topListsActorsPerSystemAndRejectsANonPositiveCount() {
        system.spawn(io.github.rota.api.Props.create(() -> context -> { }), "quiet");

        assertThat(commands.largestMailboxes(5)).contains("actor system shell", "rota://shell/user/quiet");
        assertThatThrownBy(() -> commands.largestMailboxes(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("top: the number of actors must be at least 1, was 0");
    }

    @Test
    void poolSaysWhenThePoolIsOff() {
        assertThat(commands.poolCounters()).startsWith("envelope pool disabled");
    }

    @Test
    void aCommandPrintsItsTextOnceToTheSessionForConsolesThatPrintNoReturnedValue() throws Exception {
        PrintStream console = System.out;
        ByteArrayOutputStream session = new ByteArrayOutputStream();
        System.setOut(new PrintStream(session, true, StandardCharsets.UTF_8));
        try {
            commands.budget("default", 48);
        } finally {
            System.setOut(console);
        }
        assertThat(session.toString(StandardCharsets.UTF_8))
                .isEqualTo("dispatcher 'default': throughput budget 32 -> 48" + System.lineSeparator());
    }
}
