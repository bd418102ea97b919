package io.github.rota.management;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.github.rota.api.Actor;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.Props;
import io.github.rota.api.Settings;
import io.github.rota.api.management.ActorSystemMXBean;
import io.github.rota.api.management.DispatcherMXBean;
import java.lang.management.ManagementFactory;
import java.util.concurrent.TimeUnit;
import javax.management.JMX;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;

/** Without OSGi the system has its MBeans registered when it starts and unregistered when it ends. */
class ModulePathManagementTest {

    private final MBeanServer server = ManagementFactory.getPlatformMBeanServer();

    @Test
    void aSystemRegistersItsMBeansAndTakesThemAwayWhenItTerminates() throws Exception {
        ActorSystem system = ActorSystem.create("mgmt", Settings.empty().with("rota.dispatcher.io.kind", "executor"));
        ObjectName systemName = new ObjectName("io.github.rota:type=ActorSystem,name=mgmt");
        ObjectName ws = new ObjectName("io.github.rota:type=Dispatcher,system=mgmt,name=default");
        ObjectName io = new ObjectName("io.github.rota:type=Dispatcher,system=mgmt,name=io");
        assertThat(server.isRegistered(systemName)).isTrue();
        assertThat(server.isRegistered(ws)).isTrue();
        assertThat(server.isRegistered(io)).isTrue();
        assertThat(server.isRegistered(new ObjectName("io.github.rota:type=EnvelopePool,system=mgmt"))).as("pool off").isFalse();

        for (int i = 0; i < 3; i++) {
            system.spawn(Props.create(() -> (Actor<String>) c -> { }), "a" + i);
        }
        ActorSystemMXBean bean = JMX.newMXBeanProxy(server, systemName, ActorSystemMXBean.class);
        await().until(() -> bean.getLiveActors() == 4); // three and the user guardian
        assertThat(bean.getDefaultDispatcher()).isEqualTo("default");
        assertThat(bean.getDefaultMailbox()).isEqualTo("unbounded");
        assertThat(bean.getLargestMailboxes()).hasSize(3).allSatisfy(line -> assertThat(line).startsWith("0 rota://mgmt/user/a"));
        assertThat(bean.getHealth()).isEqualTo("OK");
        assertThat(bean.getHealthLevel()).isZero();
        assertThat(JMX.newMXBeanProxy(server, io, DispatcherMXBean.class).getKind()).isEqualTo("executor");
        DispatcherMXBean workStealing = JMX.newMXBeanProxy(server, ws, DispatcherMXBean.class);
        await("idle workers park").until(() -> workStealing.getParkedWorkers() == workStealing.getWorkers());
        assertThat(workStealing.getActiveWorkers()).isZero();

        system.terminate().toCompletableFuture().get(30, TimeUnit.SECONDS);

        await().until(() -> server.queryNames(new ObjectName("io.github.rota:*"), null).stream()
                .noneMatch(name -> name.toString().contains("mgmt")));
    }
}
