package io.github.rota.itests.osgi;

import static org.awaitility.Awaitility.await;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import io.github.rota.api.Actor;
import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.Props;
import io.github.rota.api.management.ActorSystemHealth;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import javax.inject.Inject;
import org.apache.felix.hc.api.Result;
import org.apache.felix.hc.api.execution.HealthCheckExecutionOptions;
import org.apache.felix.hc.api.execution.HealthCheckExecutionResult;
import org.apache.felix.hc.api.execution.HealthCheckExecutor;
import org.apache.felix.hc.api.execution.HealthCheckSelector;
import org.apache.felix.service.command.CommandProcessor;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;
import org.osgi.service.cm.ConfigurationAdmin;

/**
 * Felix Health Checks in the distribution's Felix: each of Rota's checks, run through Felix's own
 * executor (what {@code hc:exec} and the Health Check servlet use), is driven to WARN and CRITICAL by
 * the condition it watches, with thresholds and a three-second window set through ConfigAdmin, and
 * back to OK when the condition is gone. The work runs on a dispatcher of its own with one worker.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class HealthCheckIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final String DISPATCHER = "checked";

    @Inject
    private ConfigurationAdmin configAdmin;
    @Inject
    private ActorSystem system;
    @Inject
    private HealthCheckExecutor executor;
    @Inject
    private CommandProcessor commands;

    private org.osgi.service.cm.Configuration dispatcherConfig;
    private static final AtomicInteger HOLDERS = new AtomicInteger();
    private final List<CountDownLatch> blocked = new ArrayList<>();

    @Configuration
    public Option[] config() {
        return Distribution.options(HealthCheckIT.class);
    }

    @Before
    public void smallThresholdsAndADispatcherWithOneWorker() throws Exception {
        Distribution.awaitStarted(system);
        Dictionary<String, Object> thresholds = new Hashtable<>();
        thresholds.put("windowSeconds", "3");
        thresholds.put("dispatcherMissingWarnSeconds", "1");
        thresholds.put("dispatcherMissingCriticalSeconds", "3");
        thresholds.put("starvationWarn", "1");
        thresholds.put("starvationCritical", "2");
        thresholds.put("queueDelayWarnMillis", "50");
        thresholds.put("queueDelayCriticalMillis", "2500");
        thresholds.put("deadLettersWarn", "10");
        thresholds.put("deadLettersCritical", "100");
        thresholds.put("saturationWarnSeconds", "2");
        thresholds.put("saturationCriticalSeconds", "4");
        thresholds.put("backlogWarn", "50");
        thresholds.put("backlogCritical", "500");
        configAdmin.getConfiguration("io.github.rota.health", "?").update(thresholds);
        dispatcherConfig = configAdmin.getFactoryConfiguration("io.github.rota.dispatcher", DISPATCHER, "?");
        Dictionary<String, Object> dispatcher = new Hashtable<>();
        dispatcher.put("id", DISPATCHER);
        dispatcher.put("kind", "work-stealing");
        dispatcher.put("workers", "1");
        dispatcher.put("starvationThresholdMs", "100");
        dispatcherConfig.update(dispatcher);
        await().atMost(TIMEOUT).until(() -> system.dispatcher(DISPATCHER).isPresent());
        await("every check OK with the new thresholds").atMost(TIMEOUT).until(() -> ActorSystemHealth.CHECKS.stream()
                .allMatch(check -> status(check) == Result.Status.OK)
                && log("dead-letters").contains("(warn at 10, critical at 100)"));
    }

    @After
    public void releaseAndRemove() throws Exception {
        blocked.forEach(CountDownLatch::countDown);
        dispatcherConfig.delete();
        configAdmin.getConfiguration("io.github.rota.health", "?").delete();
    }

    @Test
    public void dispatcherMissingWarnsThenIsCriticalWhileActorsWaitAndRecoversWhenItComes() throws Exception {
        ActorRef<String> waiting = system.spawn(Props.create(() -> (Actor<String>) c -> { }).withDispatcher("late"), "waiting");
        waiting.tell("hello");

        awaitStatus("dispatcher-missing", Result.Status.WARN);
        awaitStatus("dispatcher-missing", Result.Status.CRITICAL);
        assertTrue(log("dispatcher-missing"), log("dispatcher-missing").contains("for a dispatcher that is not there"));

        org.osgi.service.cm.Configuration late = configAdmin.getFactoryConfiguration("io.github.rota.dispatcher", "late", "?");
        Dictionary<String, Object> properties = new Hashtable<>();
        properties.put("id", "late");
        late.update(properties);
        try {
            awaitStatus("dispatcher-missing", Result.Status.OK);
        } finally {
            system.stop(waiting);
            late.delete();
        }
    }

    @Test
    public void starvationWarnsOnAStuckTurnIsCriticalOnTwoAndClearsWithTheWindow() throws Exception {
        ActorRef<String> stuck = system.spawn(Props.create(() -> (Actor<String>) c -> hold(Duration.ofMillis(400)))
                .withDispatcher(DISPATCHER), "stuck");
        stuck.tell("one");
        awaitStatus("starvation", Result.Status.WARN);
        stuck.tell("two");
        awaitStatus("starvation", Result.Status.CRITICAL);
        awaitStatus("starvation", Result.Status.OK);
        system.stop(stuck);
    }

    @Test
    public void queueDelayGrowsWhileTheOnlyWorkerIsHeldAndClearsWithTheWindow() throws Exception {
        CountDownLatch release = block();

        awaitStatus("queue-delay", Result.Status.WARN);
        awaitStatus("queue-delay", Result.Status.CRITICAL);
        assertTrue(log("queue-delay"), log("queue-delay").contains("on dispatcher '" + DISPATCHER + "'"));
        release.countDown();
        awaitStatus("queue-delay", Result.Status.OK);
    }

    @Test
    public void deadLettersInTheWindowWarnThenAreCriticalThenAge() throws Exception {
        ActorRef<String> gone = system.spawn(Props.create(() -> (Actor<String>) c -> { }), "gone");
        system.stop(gone);
        await().atMost(TIMEOUT).until(() -> {
            gone.tell("lost");
            return status("dead-letters") != Result.Status.OK;
        });
        assertEquals(Result.Status.WARN, status("dead-letters"));
        for (int i = 0; i < 200; i++) {
            gone.tell("lost");
        }
        awaitStatus("dead-letters", Result.Status.CRITICAL);
        awaitStatus("dead-letters", Result.Status.OK);
    }

    @Test
    public void aWorkerThatNeverParksIsSaturatedUntilItsActorStops() throws Exception {
        AtomicBoolean spinning = new AtomicBoolean(true);
        ActorRef<String> spinner = system.spawn(Props.create(() -> (Actor<String>) c -> {
            if (spinning.get()) {
                c.self().tell("again");
            }
        }).withDispatcher(DISPATCHER), "spinner");
        spinner.tell("again");

        awaitStatus("saturation", Result.Status.WARN);
        awaitStatus("saturation", Result.Status.CRITICAL);
        assertTrue(log("saturation"), log("saturation").contains("no worker of dispatcher '" + DISPATCHER + "' has parked"));
        spinning.set(false);
        awaitStatus("saturation", Result.Status.OK);
        system.stop(spinner);
    }

    @Test
    public void actorsPilingUpInTheSharedQueueAreABacklogUntilTheWorkerDrainsThem() throws Exception {
        CountDownLatch release = block();
        List<ActorRef<String>> idle = new ArrayList<>();
        for (int i = 0; i < 600; i++) {
            ActorRef<String> actor = system.spawn(Props.create(() -> (Actor<String>) c -> { }).withDispatcher(DISPATCHER), "idle-" + i);
            idle.add(actor);
            actor.tell("queued behind the held worker");
            if (i == 100) {
                awaitStatus("backlog", Result.Status.WARN);
            }
        }
        awaitStatus("backlog", Result.Status.CRITICAL);

        release.countDown();
        awaitStatus("backlog", Result.Status.OK);
        idle.forEach(system::stop);
    }

    @Test
    public void hcExecInGogoShowsTheChecksAndABadThresholdChangesNothing() throws Exception {
        String out = Gogo.run(commands, "hc:exec rota");
        for (String check : ActorSystemHealth.CHECKS) {
            assertTrue(out, out.contains("rota: " + check));
        }
        assertTrue(out, out.contains("Overall Health Result: OK"));

        org.osgi.service.cm.Configuration thresholds = configAdmin.getConfiguration("io.github.rota.health", "?");
        Dictionary<String, Object> bad = thresholds.getProperties();
        bad.put("deadLettersWarn", "plenty");
        thresholds.update(bad);
        await().atMost(TIMEOUT).until(() -> Files.readString(Distribution.log(HealthCheckIT.class)).contains(
                "configuration io.github.rota.health rejected: key 'deadLettersWarn' must be a whole number, was 'plenty'"));
        assertTrue(log("dead-letters"), log("dead-letters").contains("(warn at 10, critical at 100)"));
    }

    /** Holds the dispatcher's one worker in a turn until the returned latch is counted down. */
    private CountDownLatch block() {
        CountDownLatch release = new CountDownLatch(1);
        blocked.add(release);
        CountDownLatch entered = new CountDownLatch(1);
        ActorRef<String> holder = system.spawn(Props.create(() -> (Actor<String>) c -> {
            entered.countDown();
            waitFor(release, TIMEOUT.multipliedBy(4));
        }).withDispatcher(DISPATCHER), "holder-" + HOLDERS.incrementAndGet());
        holder.tell("hold");
        waitFor(entered, TIMEOUT);
        return release;
    }

    private static void hold(Duration time) {
        waitFor(new CountDownLatch(1), time);
    }

    private static void waitFor(CountDownLatch latch, Duration time) {
        try {
            latch.await(time.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void awaitStatus(String check, Result.Status expected) {
        await(check + " " + expected).atMost(TIMEOUT).until(() -> status(check) == expected);
    }

    private Result.Status status(String check) {
        return result(check).getStatus();
    }

    private String log(String check) {
        return result(check).iterator().next().getMessage();
    }

    private Result result(String check) {
        List<HealthCheckExecutionResult> results = executor.execute(HealthCheckSelector.tags("rota-" + check),
                new HealthCheckExecutionOptions().setForceInstantExecution(true));
        assertEquals("one check tagged rota-" + check + ": " + results, 1, results.size());
        return results.get(0).getHealthCheckResult();
    }
}
