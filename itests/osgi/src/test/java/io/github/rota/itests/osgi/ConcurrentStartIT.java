package io.github.rota.itests.osgi;

import static org.awaitility.Awaitility.await;
import static org.junit.Assert.assertEquals;

import io.github.rota.api.ActorSystem;
import java.time.Duration;
import java.util.Arrays;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.Map;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import javax.inject.Inject;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.service.cm.ConfigurationAdmin;

/**
 * A dispatcher configured at the moment the runtime bundle starts — from two threads, as a
 * provisioning tool restarting the runtime while ConfigAdmin delivers a configuration may do — is
 * always bound to the new system, in every one of many rounds, and SCR reports no trouble (lock
 * timeouts, lost service events) in the framework log.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class ConcurrentStartIT {

    private static final int ROUNDS = Integer.getInteger("rota.itest.rounds", 40);
    private static final String DISPATCHER_PID = "io.github.rota.dispatcher";
    private static final Duration TIMEOUT = Duration.ofSeconds(20);

    @Inject
    private BundleContext context;
    @Inject
    private ConfigurationAdmin configAdmin;

    @Configuration
    public Option[] config() {
        return Distribution.options(ConcurrentStartIT.class);
    }

    @Test
    public void aDispatcherConfiguredWhileTheRuntimeStartsIsAlwaysBound() throws Exception {
        Bundle runtime = bundle("io.github.rota.runtime");
        for (int round = 0; round < ROUNDS; round++) {
            String id = "round-" + round;
            runtime.stop();
            org.osgi.service.cm.Configuration config = configAdmin.getFactoryConfiguration(DISPATCHER_PID, id, "?");
            Dictionary<String, Object> properties = new Hashtable<>(Map.of("id", id, "workers", "1"));
            CyclicBarrier together = new CyclicBarrier(2);
            CompletableFuture<Void> configure = CompletableFuture.runAsync(() -> together(together, () -> config.update(properties)));
            CompletableFuture<Void> start = CompletableFuture.runAsync(() -> together(together, runtime::start));
            CompletableFuture.allOf(configure, start).get();
            await(id + ": the new dispatcher bound").atMost(TIMEOUT)
                    .until(() -> system().flatMap(s -> s.dispatcher(id)).isPresent());
            config.delete();
        }
        assertEquals(List.of(), FrameworkLog.warningsAndErrors(context));
    }

    /** What a round does on each of its two threads, once both are ready. */
    private interface Step {
        void run() throws Exception;
    }

    private static void together(CyclicBarrier barrier, Step step) {
        try {
            barrier.await();
            step.run();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private Optional<ActorSystem> system() {
        ServiceReference<ActorSystem> reference = context.getServiceReference(ActorSystem.class);
        return reference == null ? Optional.empty() : Optional.ofNullable(context.getService(reference));
    }

    private Bundle bundle(String symbolicName) {
        return Arrays.stream(context.getBundles()).filter(b -> symbolicName.equals(b.getSymbolicName()))
                .findFirst().orElseThrow(() -> new AssertionError(symbolicName + " is not installed"));
    }
}
