package io.github.rota.itests.osgi;

import static org.awaitility.Awaitility.await;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import io.github.rota.api.ActorSystem;
import io.github.rota.api.management.ActorSystemMXBean;
import io.github.rota.api.management.DispatcherMXBean;
import io.github.rota.api.management.EnvelopePoolMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Arrays;
import java.util.Dictionary;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.inject.Inject;
import javax.management.Attribute;
import javax.management.AttributeChangeNotification;
import javax.management.JMX;
import javax.management.MBeanServer;
import javax.management.Notification;
import javax.management.ObjectName;
import javax.management.RuntimeMBeanException;
import org.junit.Before;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.service.cm.ConfigurationAdmin;

/** The MBeans in Felix: registered with their services, retuned live, saved in ConfigAdmin, gone with their bundle. */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class ManagementIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    @Inject
    private BundleContext context;
    @Inject
    private ConfigurationAdmin configAdmin;
    @Inject
    private ActorSystem system;

    private final MBeanServer server = ManagementFactory.getPlatformMBeanServer();

    @Configuration
    public Option[] config() {
        return Distribution.options(ManagementIT.class);
    }

    @Before
    public void started() {
        Distribution.awaitStarted(system);
    }

    @Test
    public void theDispatcherMBeanCountsTheDemoAndRetunesLiveSavedInConfigAdmin() throws Exception {
        ObjectName name = new ObjectName("io.github.rota:type=Dispatcher,system=rota,name=default");
        await().atMost(TIMEOUT).until(() -> server.isRegistered(name));
        DispatcherMXBean dispatcher = JMX.newMXBeanProxy(server, name, DispatcherMXBean.class, true);
        long turns = dispatcher.getTurns();
        await().atMost(TIMEOUT).until(() -> dispatcher.getTurns() > turns && dispatcher.getMessages() > 0);

        List<Notification> notifications = new CopyOnWriteArrayList<>();
        server.addNotificationListener(name, (notification, handback) -> notifications.add(notification), null, null);
        server.setAttribute(name, new Attribute("ThroughputBudget", 64));
        assertEquals(64, system.dispatcher("default").orElseThrow().throughputBudget());
        org.osgi.service.cm.Configuration config = configAdmin.getFactoryConfiguration("io.github.rota.dispatcher", "default", "?");
        await().atMost(TIMEOUT).until(() -> "64".equals(String.valueOf(config.getProperties().get("throughput"))));
        await().atMost(TIMEOUT).until(() -> notifications.size() == 1);
        assertEquals(64, ((AttributeChangeNotification) notifications.get(0)).getNewValue());

        try {
            server.setAttribute(name, new Attribute("ThroughputBudget", 2_000_000));
            fail("an out-of-range budget was accepted");
        } catch (RuntimeMBeanException e) {
            assertEquals("throughput budget must be in 1..1000000, was 2000000", e.getCause().getMessage());
        }
        assertEquals(64, dispatcher.getThroughputBudget());

        // A change through ConfigAdmin shows up in the MBean and is announced the same way.
        Dictionary<String, Object> properties = config.getProperties();
        properties.put("throughput", "40");
        config.update(properties);
        await().atMost(TIMEOUT).until(() -> notifications.size() == 2);
        AttributeChangeNotification change = (AttributeChangeNotification) notifications.get(1);
        assertEquals(64, change.getOldValue());
        assertEquals(40, change.getNewValue());
        assertEquals(40, dispatcher.getThroughputBudget());

        // Replacing the dispatcher keeps the MBean, which follows the new one.
        properties.put("kind", "executor");
        config.update(properties);
        await().atMost(TIMEOUT).until(() -> "executor".equals(dispatcher.getKind()));
        properties.put("kind", "work-stealing");
        properties.put("throughput", "32");
        config.update(properties);
        await().atMost(TIMEOUT).until(() -> "work-stealing".equals(dispatcher.getKind()) && dispatcher.getThroughputBudget() == 32);
    }

    @Test
    public void theActorSystemMBeanReportsActorsAndHealth() throws Exception {
        ObjectName name = new ObjectName("io.github.rota:type=ActorSystem,name=rota");
        await().atMost(TIMEOUT).until(() -> server.isRegistered(name));
        ActorSystemMXBean bean = JMX.newMXBeanProxy(server, name, ActorSystemMXBean.class);
        assertTrue("the demo's actors", bean.getLiveActors() > 100);
        assertEquals("default", bean.getDefaultDispatcher());
        assertEquals(10, bean.getLargestMailboxes().length);
        await().atMost(TIMEOUT).until(() -> "OK".equals(bean.getHealth()));
        assertEquals("all well", bean.getHealthReason());
    }

    @Test
    public void dropwizardMetricsArePublishedUnderTheirOwnDomain() throws Exception {
        ObjectName turns = new ObjectName("io.github.rota.metrics:name=rota.dispatcher.default.turns,type=gauges");
        ObjectName queueDelay = new ObjectName("io.github.rota.metrics:name=rota.dispatcher.default.queueDelayNanos,type=histograms");
        ObjectName turnLength = new ObjectName("io.github.rota.metrics:name=rota.dispatcher.default.turnNanos,type=histograms");
        ObjectName liveActors = new ObjectName("io.github.rota.metrics:name=rota.system.liveActors,type=gauges");
        await().atMost(TIMEOUT).until(() -> server.isRegistered(turns) && server.isRegistered(liveActors));
        // The demo keeps the dispatcher busy: turns are sampled, and the probe runs once a second.
        await().atMost(TIMEOUT).until(() -> (Long) server.getAttribute(queueDelay, "Count") >= 2
                && (Long) server.getAttribute(turnLength, "Count") > 0);
        assertTrue((Long) server.getAttribute(turns, "Value") > 0);
    }

    @Test
    public void mbeansComeAndGoWithTheirServicesAndBundle() throws Exception {
        ObjectName pool = new ObjectName("io.github.rota:type=EnvelopePool,system=rota");
        assertFalse("the pool is off by default", server.isRegistered(pool));
        org.osgi.service.cm.Configuration poolConfig = configAdmin.getConfiguration("io.github.rota.pool", "?");
        Dictionary<String, Object> on = poolConfig.getProperties();
        on.put("enabled", "true");
        poolConfig.update(on);
        await().atMost(TIMEOUT).until(() -> server.isRegistered(pool));
        assertTrue(JMX.newMXBeanProxy(server, pool, EnvelopePoolMXBean.class).getShards() > 0);
        on.put("enabled", "false");
        poolConfig.update(on);
        await().atMost(TIMEOUT).until(() -> !server.isRegistered(pool));

        ObjectName dispatchers = new ObjectName("io.github.rota:type=Dispatcher,*");
        Bundle management = Arrays.stream(context.getBundles())
                .filter(b -> "io.github.rota.management".equals(b.getSymbolicName())).findFirst().orElseThrow();
        ObjectName all = new ObjectName("io.github.rota:*");
        assertEquals(1, server.queryNames(dispatchers, null).size());
        management.stop();
        assertTrue(server.queryNames(all, null).isEmpty());
        management.start();
        await().atMost(TIMEOUT).until(() -> server.queryNames(dispatchers, null).size() == 1
                && server.queryNames(all, null).size() == 2);
    }
}
