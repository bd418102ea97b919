package io.github.rota.itests.osgi;

import static org.awaitility.Awaitility.await;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;

import io.github.rota.api.Actor;
import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.DispatcherView;
import io.github.rota.api.Props;
import io.github.rota.spi.dispatch.Dispatcher;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collection;
import java.util.Dictionary;
import java.util.HashSet;
import java.util.Hashtable;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import javax.inject.Inject;
import org.apache.felix.service.command.CommandProcessor;
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
import org.osgi.framework.Constants;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.component.runtime.ServiceComponentRuntime;
import org.osgi.service.component.runtime.dto.ComponentConfigurationDTO;
import org.osgi.service.component.runtime.dto.ComponentDescriptionDTO;
import org.osgi.service.metatype.AttributeDefinition;
import org.osgi.service.metatype.MetaTypeInformation;
import org.osgi.service.metatype.MetaTypeService;
import org.osgi.service.metatype.ObjectClassDefinition;

/** Rota as an operator deploys it: the distribution's bundles and configuration in a real Felix. */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class PlatformIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final String DISPATCHER_PID = "io.github.rota.dispatcher";

    @Inject
    private BundleContext context;
    @Inject
    private ConfigurationAdmin configAdmin;
    @Inject
    private MetaTypeService metaType;
    @Inject
    private ServiceComponentRuntime scr;
    @Inject
    private CommandProcessor commands;
    @Inject
    private ActorSystem system;

    @Configuration
    public Option[] config() {
        return Distribution.options(PlatformIT.class);
    }

    @Before
    public void started() {
        Distribution.awaitStarted(system);
    }

    @Test
    public void everyBundleIsActiveAndEveryRotaComponentIsActive() {
        for (Bundle bundle : context.getBundles()) {
            if (bundle.getHeaders().get(Constants.FRAGMENT_HOST) == null) {
                assertEquals(bundle.getSymbolicName() + " is not active", Bundle.ACTIVE, bundle.getState());
            }
        }
        Set<String> active = new HashSet<>();
        for (ComponentDescriptionDTO description : scr.getComponentDescriptionDTOs()) {
            if (!description.name.startsWith("io.github.rota.")) {
                continue;
            }
            Collection<ComponentConfigurationDTO> configurations = scr.getComponentConfigurationDTOs(description);
            assertTrue(description.name + " has no instance", !configurations.isEmpty());
            for (ComponentConfigurationDTO c : configurations) {
                assertEquals(description.name + " is not active", ComponentConfigurationDTO.ACTIVE, c.state);
            }
            active.add(description.name);
        }
        assertEquals(Set.of("io.github.rota.dispatcher.osgi.DispatcherComponent",
                "io.github.rota.mailbox.UnboundedMailboxType", "io.github.rota.mailbox.BoundedMailboxType",
                "io.github.rota.mailbox.UnboundedArrayMailboxType", "io.github.rota.mailbox.ControlAwareMailboxType", "io.github.rota.mailbox.FairMailboxType",
                "io.github.rota.pool.EnvelopePoolComponent", "io.github.rota.runtime.ActorSystemComponent",
                "io.github.rota.demo.DemoComponent", "io.github.rota.shell.RotaCommands",
                "io.github.rota.management.ManagementComponent", "io.github.rota.config.WatchedConfigFiles",
                "io.github.rota.healthcheck.HealthCheckComponent", "io.github.rota.webconsole.RotaPage"), active);
    }

    @Test
    public void aFactoryConfigurationCreatesASecondDispatcherThatActorsRunOn() throws Exception {
        org.osgi.service.cm.Configuration fast = configAdmin.getFactoryConfiguration(DISPATCHER_PID, "fast", "?");
        fast.update(properties("id", "fast", "kind", "executor", "workers", "2"));
        await().atMost(TIMEOUT).until(() -> system.dispatcher("fast").isPresent());

        AtomicReference<String> thread = new AtomicReference<>();
        ActorRef<String> actor = system.spawn(Props.create(() -> (Actor<String>) c -> thread.set(Thread.currentThread().getName()))
                .withDispatcher("fast"), "on-fast");
        actor.tell("where am I?");

        await().atMost(TIMEOUT).until(() -> thread.get() != null);
        assertTrue(thread.get(), thread.get().startsWith("rota-fast-worker-"));
        assertEquals("executor", system.dispatcher("fast").get().kind());
        system.stop(actor);
        fast.delete();
        await().atMost(TIMEOUT).until(() -> system.dispatcher("fast").isEmpty());
    }

    @Test
    public void aBudgetChangeThroughConfigAdminAppliesLiveAndAnInvalidValueChangesNothing() throws Exception {
        org.osgi.service.cm.Configuration config = configAdmin.getFactoryConfiguration(DISPATCHER_PID, "default", "?");
        DispatcherView before = system.dispatcher("default").orElseThrow();
        long serviceId = serviceId("default");

        Dictionary<String, Object> changed = config.getProperties();
        changed.put("throughput", "77");
        config.update(changed);
        await().atMost(TIMEOUT).until(() -> before.throughputBudget() == 77);
        assertEquals("a budget change must not replace the dispatcher", serviceId, serviceId("default"));

        Dictionary<String, Object> invalid = config.getProperties();
        invalid.put("throughput", "abc");
        config.update(invalid);
        await().atMost(TIMEOUT).until(() -> log().contains("configuration io.github.rota.dispatcher~default rejected: "
                + "rota.dispatcher.default.throughput must be an integer in 1..1000000, was 'abc'; "
                + "dispatcher 'default' keeps its last good configuration"));
        assertEquals(77, before.throughputBudget());
        assertEquals(serviceId, serviceId("default"));

        Dictionary<String, Object> restored = config.getProperties();
        restored.put("throughput", "32");
        config.update(restored);
        await().atMost(TIMEOUT).until(() -> before.throughputBudget() == 32);
    }

    @Test
    public void invalidConfigurationsAreLoggedByPidKeyAndValueAndChangeNothing() throws Exception {
        DispatcherView dispatcher = system.dispatcher("default").orElseThrow();
        long serviceId = serviceId("default");
        org.osgi.service.cm.Configuration config = configAdmin.getFactoryConfiguration(DISPATCHER_PID, "default", "?");
        Dictionary<String, Object> original = config.getProperties();

        Dictionary<String, Object> unknownKind = config.getProperties();
        unknownKind.put("kind", "nope");
        config.update(unknownKind);
        awaitLog("configuration io.github.rota.dispatcher~default rejected: rota.dispatcher.default.kind names "
                + "dispatcher kind 'nope', which is not installed; installed: [executor, pinned, work-stealing]");

        Dictionary<String, Object> noWorkers = config.getProperties();
        noWorkers.put("kind", "work-stealing");
        noWorkers.put("workers", "0");
        config.update(noWorkers);
        awaitLog("configuration io.github.rota.dispatcher~default rejected: rota.dispatcher.default.workers must be in 1..1024, was 0");
        assertEquals(serviceId, serviceId("default"));
        assertEquals(dispatcher, system.dispatcher("default").orElseThrow());
        config.update(original);

        org.osgi.service.cm.Configuration systemConfig = configAdmin.getConfiguration("io.github.rota.system", "?");
        Dictionary<String, Object> systemOriginal = systemConfig.getProperties();
        Dictionary<String, Object> badName = systemConfig.getProperties();
        badName.put("name", "no spaces");
        systemConfig.update(badName);
        awaitLog("configuration io.github.rota.system rejected: key 'name': actor system name 'no spaces' is invalid");
        assertEquals("rota", system.name());
        assertEquals(1, context.getServiceReferences(ActorSystem.class, "(name=rota)").size());
        systemConfig.update(systemOriginal);

        org.osgi.service.cm.Configuration poolConfig = configAdmin.getConfiguration("io.github.rota.pool", "?");
        Dictionary<String, Object> poolOriginal = poolConfig.getProperties();
        Dictionary<String, Object> maybe = poolConfig.getProperties();
        maybe.put("enabled", "maybe");
        poolConfig.update(maybe);
        awaitLog("configuration io.github.rota.pool rejected: key 'enabled' must be true or false, was 'maybe'");
        assertTrue(gogo("rota:pool").startsWith("envelope pool disabled"));
        poolConfig.update(poolOriginal);
    }

    /**
     * Tracking set through ConfigAdmin applies to actors spawned from then on, live: a matching one
     * gets an Actor MBean with its counts, and loses it when it stops.
     */
    @Test
    public void actorsWhosePathsAreTrackedLiveGetAnActorMBean() throws Exception {
        org.osgi.service.cm.Configuration systemConfig = configAdmin.getConfiguration("io.github.rota.system", "?");
        Dictionary<String, Object> original = systemConfig.getProperties();
        Dictionary<String, Object> tracking = systemConfig.getProperties();
        tracking.put("metrics.actors", "user/tracked-*");
        systemConfig.update(tracking);
        try {
            Props<String> props = Props.create(() -> (Actor<String>) c -> { });
            await().atMost(TIMEOUT).until(() -> {
                ActorRef<String> probe = system.spawn(props, "tracked-probe-" + System.nanoTime());
                boolean tracked = system.trackedActors().stream().anyMatch(m -> m.actor().equals(probe));
                system.stop(probe);
                return tracked;
            });
            ActorRef<String> orders = system.spawn(props, "tracked-orders");
            ActorRef<String> other = system.spawn(props, "untracked-orders");
            for (int i = 0; i < 1_000; i++) {
                orders.tell("m" + i);
                other.tell("m" + i);
            }
            javax.management.MBeanServer server = java.lang.management.ManagementFactory.getPlatformMBeanServer();
            javax.management.ObjectName name = new javax.management.ObjectName(
                    "io.github.rota:type=Actor,system=rota,path=user/tracked-orders");
            await().atMost(TIMEOUT).until(() -> server.isRegistered(name)
                    && (Long) server.getAttribute(name, "ProcessedMessages") == 1_000L);
            assertEquals(0L, server.getAttribute(name, "Errors"));
            assertFalse(server.isRegistered(new javax.management.ObjectName(
                    "io.github.rota:type=Actor,system=rota,path=user/untracked-orders")));
            system.stop(orders);
            system.stop(other);
            await().atMost(TIMEOUT).until(() -> !server.isRegistered(name));
        } finally {
            systemConfig.update(original);
        }
    }

    @Test
    public void metatypeDescribesEveryPid() {
        assertEquals(List.of("id", "kind", "throughput", "workers", "starvationThresholdMs", "maxSpareWorkers", "keepAliveMs",
                "decorators"),
                attributeIds("io.github.rota.dispatcher", DISPATCHER_PID, true));
        assertEquals(List.of("name", "default.dispatcher", "default.mailbox", "metrics.actors", "metrics.sampleInterval",
                "metrics.maxActors"),
                attributeIds("io.github.rota.runtime", "io.github.rota.system", false));
        assertEquals(List.of("enabled", "debug"), attributeIds("io.github.rota.pool", "io.github.rota.pool", false));
        assertEquals(List.of("enabled", "rate", "reportSeconds"),
                attributeIds("io.github.rota.demo", "io.github.rota.demo", false));
    }

    @Test
    public void theGogoCommandsWork() throws Exception {
        String dispatchers = gogo("rota:dispatchers");
        assertTrue(dispatchers, dispatchers.matches("(?s).*default\\s+work-stealing\\s+\\d+\\s+\\d+\\s+\\d+.*"));
        assertTrue(gogo("rota:dispatcher default").contains("stealOperations"));
        assertTrue(gogo("rota:pool").startsWith("envelope pool disabled"));
        assertTrue(gogo("rota:top 3").contains("actor system rota"));
        String help = gogo("help rota:budget");
        assertTrue(help, help.contains("sets a dispatcher's throughput budget") && help.contains("messages per turn, 1..1000000"));

        int budget = system.dispatcher("default").orElseThrow().throughputBudget();
        String bad = gogo("rota:budget default 0");
        assertTrue(bad, bad.contains("throughput budget must be in 1..1000000, was 0"));
        assertEquals(budget, system.dispatcher("default").orElseThrow().throughputBudget());
        assertTrue(gogo("rota:dispatcher nope").contains("no dispatcher 'nope'; running: [default]"));

        gogo("rota:budget default 48");
        await().atMost(TIMEOUT).until(() -> system.dispatcher("default").orElseThrow().throughputBudget() == 48);
        // FileInstall writes the change back to the watched file, so it survives a restart.
        await().atMost(TIMEOUT).until(() -> Files.readString(Distribution.etc(PlatformIT.class).resolve("io.github.rota.dispatcher-default.cfg"))
                .contains("throughput = 48"));
        gogo("rota:budget default 32");
        await().atMost(TIMEOUT).until(() -> system.dispatcher("default").orElseThrow().throughputBudget() == 32);
    }

    @Test
    public void theFrameworkLogHoldsNoWarningOrError() {
        // SCR reports components that failed to activate, lock timeouts and lost events only there.
        assertEquals(List.of(), FrameworkLog.warningsAndErrors(context));
    }

    @Test
    public void rotaBundlesLogThroughSlf4j() {
        await().atMost(TIMEOUT).until(() -> log().contains("DispatcherComponent - dispatcher 'default' started")
                && log().contains("ActorSystemComponent - actor system 'rota' started")
                && log().contains("DemoRun - demo workload started"));
    }

    private static void awaitLog(String text) {
        await().atMost(TIMEOUT).until(() -> log().contains(text));
    }

    private String gogo(String line) throws Exception {
        return Gogo.run(commands, line);
    }

    private List<String> attributeIds(String bundleName, String pid, boolean factory) {
        Bundle bundle = Arrays.stream(context.getBundles()).filter(b -> bundleName.equals(b.getSymbolicName()))
                .findFirst().orElseThrow();
        MetaTypeInformation info = metaType.getMetaTypeInformation(bundle);
        assertNotNull(bundleName + " has no metatype", info);
        List<String> pids = Arrays.asList(factory ? info.getFactoryPids() : info.getPids());
        assertTrue(bundleName + " does not describe " + pid + ": " + pids, pids.contains(pid));
        ObjectClassDefinition ocd = info.getObjectClassDefinition(pid, null);
        for (AttributeDefinition attribute : ocd.getAttributeDefinitions(ObjectClassDefinition.ALL)) {
            assertNotNull(pid + "." + attribute.getID() + " has no description", attribute.getDescription());
        }
        return Arrays.stream(ocd.getAttributeDefinitions(ObjectClassDefinition.ALL)).map(AttributeDefinition::getID)
                .collect(Collectors.toList());
    }

    private long serviceId(String dispatcherId) throws InvalidSyntaxException {
        Collection<ServiceReference<Dispatcher>> refs = context.getServiceReferences(Dispatcher.class, "(id=" + dispatcherId + ")");
        assertEquals(1, refs.size());
        return (Long) refs.iterator().next().getProperty(Constants.SERVICE_ID);
    }

    private static String log() throws IOException {
        return Files.readString(Distribution.log(PlatformIT.class));
    }

    private static Dictionary<String, Object> properties(String... keysAndValues) {
        Dictionary<String, Object> properties = new Hashtable<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            properties.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return properties;
    }
}
