package io.github.rota.testkit;

import io.github.rota.api.ActorSystem;
import io.github.rota.api.Settings;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * JUnit 5 extension that gives each test a fresh {@link ActorSystem} and terminates it afterwards,
 * failing the test if termination does not finish within {@link #TERMINATION_TIMEOUT}.
 *
 * <pre>{@code
 * @ExtendWith(ActorSystemExtension.class)
 * class MyActorTest {
 *     @Test
 *     void replies(ActorSystem system) { ... }
 * }
 *
 * // or, with settings:
 * @RegisterExtension
 * final ActorSystemExtension actors = ActorSystemExtension.callingThread();
 * }</pre>
 * The system is named after the test method. Settings given here win over {@link Settings#defaults()}.
 */
public final class ActorSystemExtension implements BeforeEachCallback, AfterEachCallback, ParameterResolver {

    /** How long {@code afterEach} waits for the system to terminate. */
    public static final Duration TERMINATION_TIMEOUT = Duration.ofSeconds(30);

    private final Settings settings;
    private volatile ActorSystem system;

    /** An extension whose systems use the settings of {@link Settings#defaults()}. */
    public ActorSystemExtension() {
        this(Settings.empty());
    }

    private ActorSystemExtension(Settings settings) {
        this.settings = settings;
    }

    /**
     * @param settings settings for every system this extension creates
     * @return the extension
     */
    public static ActorSystemExtension withSettings(Settings settings) {
        return new ActorSystemExtension(Objects.requireNonNull(settings, "settings"));
    }

    /**
     * @return an extension whose default dispatcher runs every turn on the sending thread
     *         (kind {@code calling-thread}), so a {@code tell} has been processed when it returns
     */
    public static ActorSystemExtension callingThread() {
        return withSettings(Settings.empty().with(Settings.dispatcherKey(Settings.DEFAULT_DISPATCHER_ID, "kind"), "calling-thread"));
    }

    /** @return the current test's actor system */
    public ActorSystem system() {
        ActorSystem current = system;
        if (current == null) {
            throw new IllegalStateException("no actor system: the extension creates one before each test");
        }
        return current;
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        String name = context.getTestMethod().map(m -> m.getName()).orElse("test").replaceAll("[^A-Za-z0-9_.-]", "-");
        system = ActorSystem.create(name, settings.withFallback(Settings.defaults()));
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        ActorSystem current = system;
        system = null;
        if (current == null) {
            return;
        }
        try {
            current.terminate().toCompletableFuture().get(TERMINATION_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new AssertionError("actor system '" + current.name() + "' did not terminate within "
                    + TERMINATION_TIMEOUT, e);
        } catch (ExecutionException e) {
            throw new AssertionError("actor system '" + current.name() + "' failed to terminate", e.getCause());
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return parameterContext.getParameter().getType() == ActorSystem.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return system();
    }
}
