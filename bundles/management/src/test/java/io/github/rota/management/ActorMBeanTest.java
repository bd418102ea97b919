package io.github.rota.management;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.github.rota.api.Actor;
import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.Props;
import io.github.rota.api.Settings;
import io.github.rota.api.management.ActorMXBean;
import io.github.rota.api.management.ActorSystemMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import javax.management.JMX;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A tracked actor has an MBean, under a name its path makes, from its spawn to its stop, with the
 * counts its metrics hold; the system's MBean adds the processed messages up.
 */
class ActorMBeanTest {

    private final MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    private ActorSystem system;

    @AfterEach
    void terminate() throws Exception {
        system.terminate().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }

    @Test
    void aTrackedActorHasAnMBeanWithItsCountsFromSpawnToStop() throws Exception {
        system = ActorSystem.create("tracked", Settings.empty().with(Settings.METRICS_ACTORS, "user/orders/**")
                .with(Settings.METRICS_SAMPLE_INTERVAL, 1).withFallback(Settings.defaults()));
        ActorRef<String> orders = system.spawn(Props.create(() -> (Actor<String>) c -> {
            if (c.message().equals("boom")) {
                throw new IllegalStateException("boom");
            }
            c.reply(c.message());
        }), "orders");
        system.spawn(Props.create(() -> (Actor<String>) c -> { }), "inventory");
        ObjectName name = new ObjectName("io.github.rota:type=Actor,system=tracked,path=user/orders");
        await().atMost(Duration.ofSeconds(5)).until(() -> server.isRegistered(name));
        assertThat(server.queryNames(new ObjectName("io.github.rota:type=Actor,system=tracked,*"), null))
                .containsExactly(name);

        for (int i = 0; i < 100; i++) {
            CompletionStage<Object> echoed = orders.ask("m" + i, Duration.ofSeconds(5));
            echoed.toCompletableFuture().get(5, TimeUnit.SECONDS);
        }
        orders.tell("boom");
        ActorMXBean bean = JMX.newMXBeanProxy(server, name, ActorMXBean.class);
        await().atMost(Duration.ofSeconds(5)).until(() -> bean.getProcessedMessages() == 101);
        assertThat(bean.getPath()).isEqualTo("rota://tracked/user/orders");
        assertThat(bean.getErrors()).isEqualTo(1);
        assertThat(bean.getMailboxSize()).isZero();
        assertThat(bean.getTimeInMailboxCount()).as("at interval 1, those sent after the previous turn re-armed")
                .isBetween(1L, 101L);
        assertThat(bean.getProcessingTimeCount()).isEqualTo(bean.getTimeInMailboxCount());
        assertThat(bean.getTimeInMailboxP99Nanos()).isPositive();
        assertThat(bean.getProcessingTimeMaxNanos()).isPositive();
        assertThat(bean.getProcessingTimeNanos()).isGreaterThanOrEqualTo(bean.getProcessingTimeMaxNanos());

        ActorSystemMXBean systemBean = JMX.newMXBeanProxy(server,
                new ObjectName("io.github.rota:type=ActorSystem,name=tracked"), ActorSystemMXBean.class);
        assertThat(systemBean.getTrackedActors()).isEqualTo(1);
        assertThat(systemBean.getProcessedMessages()).as("the orders and the asks' replies are not messages to actors")
                .isGreaterThanOrEqualTo(101);

        system.stop(orders);
        await().atMost(Duration.ofSeconds(5)).until(() -> !server.isRegistered(name));
        assertThat(systemBean.getTrackedActors()).isZero();
    }
}
