package io.github.rota.itests.osgi;

import static org.awaitility.Awaitility.await;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import io.github.rota.api.ActorSystem;
import io.github.rota.spi.jfr.FlightEvents;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import javax.inject.Inject;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import jdk.jfr.Recording;
import org.junit.Before;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.CoreOptions;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.options.FrameworkPropertyOption;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;

/**
 * A Felix set up without the distribution's boot delegation for the Flight Recorder: recording
 * Rota's events cannot work there (the event classes cannot reach the classes the recorder
 * generates), and must cost nothing but the events. The dispatcher's workers go on, no worker's
 * thread fails, and Rota's events turn themselves off.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class FlightRecorderWithoutBootDelegationIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final String BOOT_DELEGATION = "org.osgi.framework.bootdelegation";

    @Inject
    private ActorSystem system;

    private final MBeanServer server = ManagementFactory.getPlatformMBeanServer();

    @Configuration
    public Option[] config() {
        Option[] distribution = Arrays.stream(Distribution.options(FlightRecorderWithoutBootDelegationIT.class))
                .filter(o -> !(o instanceof FrameworkPropertyOption p && p.getKey().equals(BOOT_DELEGATION)))
                .toArray(Option[]::new);
        return CoreOptions.options(CoreOptions.composite(distribution),
                CoreOptions.frameworkProperty(BOOT_DELEGATION).value("sun.misc"));
    }

    @Before
    public void started() {
        Distribution.awaitStarted(system);
    }

    @Test
    public void recordingRotasEventsTurnsThemOffAndTheDispatcherGoesOn() throws Exception {
        ObjectName dispatcher = new ObjectName("io.github.rota:type=Dispatcher,system=rota,name=default");
        await().atMost(TIMEOUT).until(() -> server.isRegistered(dispatcher));

        try (Recording recording = new Recording(Map.of("io.github.rota.WorkerWake#enabled", "true",
                "io.github.rota.WorkerPark#enabled", "true", "io.github.rota.Steal#enabled", "true",
                "io.github.rota.LongTurn#enabled", "true", "io.github.rota.LongTurn#threshold", "0 ms"))) {
            recording.start();
            // The demo workload parks and wakes the workers many times a second; the first event
            // that fails to link (it may be the first asked whether it is on, before this recording)
            // turns them all off.
            await().atMost(TIMEOUT).until(() -> !FlightEvents.available());
            long messages = (Long) server.getAttribute(dispatcher, "Messages");
            await().atMost(TIMEOUT).until(() -> (Long) server.getAttribute(dispatcher, "Messages") > messages + 1_000);
            recording.stop();
        }

        // Off because an event failed to link (not for want of jdk.jfr), and nothing else failed.
        assertTrue(FlightEvents.status(), FlightEvents.status().startsWith("off: an event failed to link (java.lang.NoClassDefFoundError"));
        assertEquals("no worker's thread failed", 0L, server.getAttribute(dispatcher, "WorkersReplaced"));
        String log = Files.readString(Distribution.log(FlightRecorderWithoutBootDelegationIT.class));
        assertFalse(log, log.contains("failed outside a turn"));
        assertFalse(log, log.contains("NoClassDefFoundError"));
    }
}
