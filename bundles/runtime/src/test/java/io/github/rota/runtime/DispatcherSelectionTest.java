package io.github.rota.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.Props;
import io.github.rota.api.Settings;
import io.github.rota.testkit.ActorSystemExtension;
import io.github.rota.testkit.TestProbe;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Named dispatchers of each kind, configured by settings, looked up by id and chosen per actor. */
class DispatcherSelectionTest {

    @RegisterExtension
    final ActorSystemExtension actors = ActorSystemExtension.withSettings(Settings.empty()
            .with("rota.dispatcher.blocking.kind", "pinned")
            .with("rota.dispatcher.fj.kind", "executor")
            .with("rota.dispatcher.fj.workers", 3)
            .with("rota.dispatcher.fj.throughput", 5));

    @Test
    void dispatchersAreLookedUpByIdWithTheirKindAndBudget() {
        ActorSystem system = actors.system();
        assertThat(system.dispatcher("default").orElseThrow().kind()).isEqualTo("work-stealing");
        assertThat(system.dispatcher("blocking").orElseThrow().kind()).isEqualTo("pinned");
        assertThat(system.dispatcher("fj").orElseThrow().kind()).isEqualTo("executor");
        assertThat(system.dispatcher("fj").orElseThrow().throughputBudget()).isEqualTo(5);
        assertThat(system.dispatcher("nope")).isEmpty();
    }

    @Test
    void eachActorRunsOnTheDispatcherItsPropsName() {
        ActorSystem system = actors.system();
        TestProbe<String> probe = TestProbe.create(system);
        Props<String> reportThread = Props.create(() -> context -> context.reply(Thread.currentThread().getName()));
        for (String id : new String[] {"default", "blocking", "fj"}) {
            ActorRef<String> actor = system.spawn(reportThread.withDispatcher(id), "on-" + id);
            actor.tell("where?", probe.ref());
            assertThat(probe.expectMessage()).startsWith(system.name() + "-" + id + "-worker-");
        }
    }

    @Test
    void pinnedActorsCanBlockTogetherWithoutHoldingUpEachOther() {
        ActorSystem system = actors.system();
        int blockers = 6; // more than the work-stealing pool has workers
        CyclicBarrier together = new CyclicBarrier(blockers);
        TestProbe<String> probe = TestProbe.create(system);
        for (int i = 0; i < blockers; i++) {
            ActorRef<String> actor = system.spawn(Props.<String>create(() -> context -> {
                together.await(10, TimeUnit.SECONDS);
                context.reply("passed");
            }).withDispatcher("blocking"), "blocker-" + i);
            actor.tell("wait for the others", probe.ref());
        }
        assertThat(probe.receiveMessages(blockers)).containsOnly("passed");
    }
}
