package io.github.rota.itests.osgi;

import static org.junit.Assert.assertEquals;
import static org.awaitility.Awaitility.await;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;
import static org.ops4j.pax.exam.CoreOptions.bundle;
import static org.ops4j.pax.exam.CoreOptions.composite;
import static org.ops4j.pax.exam.CoreOptions.options;

import io.github.rota.api.ActorSystem;
import io.github.rota.example.greeter.Greetings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
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

/**
 * The OSGi example (examples/osgi-greeter) as a user deploys it: its jar beside the distribution's
 * bundles. Its component spawns an actor on the container's actor system and offers it as a service;
 * stopping the bundle stops the actor and withdraws the service, and starting it again brings both back.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class ExampleGreeterIT {

    @Inject
    private BundleContext context;
    @Inject
    private ActorSystem system;
    @Inject
    private Greetings greetings;

    @Configuration
    public Option[] config() {
        return options(composite(Distribution.options(ExampleGreeterIT.class)),
                bundle(Path.of(System.getProperty("rota.greeter.jar")).toUri().toString()));
    }

    @Test
    public void theExampleBundlesActorAnswersThroughItsServiceAndStopsAndStartsWithTheBundle() throws Exception {
        assertEquals("Hello, Felix! (greeting 1 from rota://rota/user/greeter-1)", greet(greetings, "Felix"));
        assertEquals("Hello, Karaf! (greeting 2 from rota://rota/user/greeter-1)", greet(greetings, "Karaf"));

        Bundle example = Arrays.stream(context.getBundles())
                .filter(b -> b.getSymbolicName().equals("io.github.rota.example.greeter")).findFirst().orElseThrow();
        example.stop();
        assertNull("the service is withdrawn", context.getServiceReference(Greetings.class));
        long deadLetters = system.deadLetterCount();
        // A caller still holding the old service reaches a stopped actor: its request is a dead letter.
        await().atMost(Duration.ofSeconds(10)).until(() -> {
            greetings.greet("anyone");
            return system.deadLetterCount() > deadLetters;
        });

        example.start();
        ServiceReference<Greetings> again = context.getServiceReference(Greetings.class);
        assertNotNull("the service is back", again);
        assertEquals("Hello, Felix! (greeting 1 from rota://rota/user/greeter-2)", greet(context.getService(again), "Felix"));
        context.ungetService(again);
    }

    private static String greet(Greetings service, String name) throws Exception {
        return service.greet(name).toCompletableFuture().get(10, TimeUnit.SECONDS);
    }
}
