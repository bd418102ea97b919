package io.github.rota.management;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.github.rota.api.management.DispatcherMXBean;
import io.github.rota.api.management.ObjectNames;
import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.DispatcherConfig;
import io.github.rota.spi.dispatch.DispatcherProvider;
import io.github.rota.spi.dispatch.Turn;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import javax.management.Attribute;
import javax.management.AttributeChangeNotification;
import javax.management.JMX;
import javax.management.MBeanAttributeInfo;
import javax.management.MBeanServer;
import javax.management.Notification;
import javax.management.ObjectName;
import javax.management.RuntimeMBeanException;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The dispatcher MBean as a JMX client sees it, on the platform MBeanServer. */
class DispatcherMBeanTest {

    private final MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    private final MBeanRegistrar registrar = new MBeanRegistrar();
    private final ObjectName name = ObjectNames.dispatcher("test", "default");
    private final Dispatcher dispatcher = ServiceLoader.load(DispatcherProvider.class).stream()
            .map(ServiceLoader.Provider::get).filter(p -> p.kind().equals("work-stealing")).findFirst().orElseThrow()
            .create(new DispatcherConfig("test", "default", 32, Map.of("workers", "2")));
    private final AtomicInteger persisted = new AtomicInteger();
    private final DispatcherMBean bean = new DispatcherMBean(name, dispatcher, persisted::set);
    private final List<Notification> notifications = new CopyOnWriteArrayList<>();

    @TempDir
    Path directory;

    DispatcherMBeanTest() throws Exception {
        dispatcher.start();
        registrar.register(bean, DispatcherMXBean.class, name);
        server.addNotificationListener(name, (notification, handback) -> notifications.add(notification), null, null);
    }

    @AfterEach
    void tearDown() {
        registrar.unregister(name);
        dispatcher.stop();
    }

    @Test
    void isRegisteredUnderItsObjectNameWithTheCountersOfTheDispatcher() throws Exception {
        assertThat(name.toString()).isEqualTo("io.github.rota:type=Dispatcher,system=test,name=default");
        AtomicInteger turns = new AtomicInteger();
        for (int i = 0; i < 10; i++) {
            dispatcher.schedule((Turn turn) -> {
                turns.incrementAndGet();
                turn.messagesHandled(3);
                return false;
            });
        }
        await().until(() -> turns.get() == 10);

        DispatcherMXBean proxy = JMX.newMXBeanProxy(server, name, DispatcherMXBean.class, true);
        await().until(() -> proxy.getMessages() == 30);
        assertThat(proxy.getTurns()).isEqualTo(10);
        assertThat(proxy.getKind()).isEqualTo("work-stealing");
        assertThat(proxy.getWorkers()).isEqualTo(2);
        assertThat(proxy.getWorkerQueueDepths()).hasSize(2);
        assertThat(server.getAttribute(name, "GlobalPushes")).isEqualTo(10L);
    }

    @Test
    void aTurnThatBlocksShowsAsAHandOverToASpareThread() throws Exception {
        java.util.concurrent.CountDownLatch released = new java.util.concurrent.CountDownLatch(1);
        dispatcher.schedule((Turn turn) -> {
            try {
                turn.blocking(() -> true);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
            released.countDown();
            return false;
        });
        released.await(10, java.util.concurrent.TimeUnit.SECONDS);
        await().until(() -> server.getAttribute(name, "BlockingHandovers").equals(1L));
        assertThat(server.getAttribute(name, "BlockedWithoutSpare")).isEqualTo(0L);
        assertThat(server.getAttribute(name, "WorkersReplaced")).isEqualTo(0L);
    }

    @Test
    void everyAttributeCarriesItsUnits() throws Exception {
        for (MBeanAttributeInfo attribute : server.getMBeanInfo(name).getAttributes()) {
            if (!attribute.getName().equals("Id") && !attribute.getName().equals("Kind")) {
                assertThat(attribute.getDescriptor().getFieldValue("units")).as(attribute.getName()).isNotNull();
            }
        }
        assertThat(server.getMBeanInfo(name).getNotifications()).singleElement()
                .satisfies(info -> assertThat(info.getNotifTypes()).containsExactly(AttributeChangeNotification.ATTRIBUTE_CHANGE));
    }

    @Test
    void settingTheBudgetAppliesItSavesItAndAnnouncesOldAndNewValue() throws Exception {
        server.setAttribute(name, new Attribute("ThroughputBudget", 64));

        assertThat(dispatcher.throughputBudget()).isEqualTo(64);
        assertThat(persisted.get()).isEqualTo(64);
        await().until(() -> notifications.size() == 1);
        AttributeChangeNotification change = (AttributeChangeNotification) notifications.get(0);
        assertThat(change.getAttributeName()).isEqualTo("ThroughputBudget");
        assertThat(change.getOldValue()).isEqualTo(32);
        assertThat(change.getNewValue()).isEqualTo(64);
        assertThat(change.getSource()).isEqualTo(name);
    }

    @Test
    void aBudgetSetThroughJmxIsRecordedByTheFlightRecorderWithOldNewAndSource() throws Exception {
        Path file = directory.resolve("budget.jfr");
        try (Recording recording = new Recording(Configuration.create(Path.of("../../config/felix/rota.jfc")))) {
            recording.start();
            server.setAttribute(name, new Attribute("ThroughputBudget", 48));
            server.setAttribute(name, new Attribute("ThroughputBudget", 48)); // no change: nothing to record
            assertThatThrownBy(() -> server.setAttribute(name, new Attribute("ThroughputBudget", -1)));
            recording.stop();
            recording.dump(file);
        }

        List<RecordedEvent> changes = RecordingFile.readAllEvents(file).stream()
                .filter(e -> e.getEventType().getName().equals("io.github.rota.BudgetChange")).toList();
        assertThat(changes).singleElement().satisfies(change -> {
            assertThat(change.getString("dispatcher")).isEqualTo("default");
            assertThat(change.getInt("oldBudget")).isEqualTo(32);
            assertThat(change.getInt("newBudget")).isEqualTo(48);
            assertThat(change.getString("changedBy")).isEqualTo("jmx");
        });
    }

    @Test
    void anOutOfRangeBudgetFailsWithTheReasonAndChangesNothing() {
        assertThatThrownBy(() -> server.setAttribute(name, new Attribute("ThroughputBudget", 0)))
                .isInstanceOf(RuntimeMBeanException.class)
                .cause().isInstanceOf(IllegalArgumentException.class)
                .hasMessage("throughput budget must be in 1..1000000, was 0");

        assertThat(dispatcher.throughputBudget()).isEqualTo(32);
        assertThat(persisted.get()).isZero();
        assertThat(notifications).isEmpty();
    }

    @Test
    void aBudgetChangedAnotherWayIsAnnouncedOnTheNextCheck() {
        dispatcher.setThroughputBudget(8);

        bean.checkBudget();
        bean.checkBudget();

        assertThat(notifications).singleElement().satisfies(n -> {
            assertThat(((AttributeChangeNotification) n).getOldValue()).isEqualTo(32);
            assertThat(((AttributeChangeNotification) n).getNewValue()).isEqualTo(8);
        });
    }
}
