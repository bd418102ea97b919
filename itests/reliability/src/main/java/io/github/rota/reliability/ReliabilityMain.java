package io.github.rota.reliability;

import io.github.rota.api.ActorSystem;
import io.github.rota.api.Directive;
import io.github.rota.api.Settings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs scenarios on the module path, each on a system of its own, and prints one
 * {@code SCENARIO ...} line per run; exits with 1 if any did not add up.
 *
 * <pre>
 * java --module-path DIR -m io.github.rota.reliability/io.github.rota.reliability.ReliabilityMain all
 * java --module-path DIR -m io.github.rota.reliability/io.github.rota.reliability.ReliabilityMain soak 1800
 * </pre>
 */
public final class ReliabilityMain {

    /** A scenario and the system it needs. */
    private interface Run {
        Outcome on(ActorSystem system) throws Exception;
    }

    private record Scenario(Settings settings, Run run) {
    }

    private static final String LOG_FILE_PROPERTY = "org.slf4j.simpleLogger.logFile";
    private static final String LOG_FILE = "reliability.log";
    private static final Settings POOLED = Settings.empty().with("rota.pool.enabled", "true");

    private static Map<String, Scenario> scenarios() {
        Map<String, Scenario> scenarios = new LinkedHashMap<>();
        scenarios.put("budget-changes", new Scenario(POOLED, s -> Scenarios.budgetChanges(s, "default", 250_000)));
        for (Directive directive : Directive.values()) {
            scenarios.put("failing-handlers-" + directive.name().toLowerCase(),
                    new Scenario(Settings.empty(), s -> Scenarios.failingHandlers(s, directive, 100_000)));
        }
        scenarios.put("poison-pill-storm", new Scenario(POOLED, s -> Scenarios.poisonPillStorm(s, 100_000)));
        scenarios.put("bounded-overflow", new Scenario(Settings.empty()
                .with("rota.dispatcher.overflow.kind", "executor").with("rota.dispatcher.overflow.workers", "8")
                .with("rota.mailbox.small.type", "bounded").with("rota.mailbox.small.capacity", "16"),
                s -> Scenarios.boundedOverflow(s, "overflow", "small", 50_000)));
        scenarios.put("terminate-under-load", new Scenario(POOLED, Scenarios::terminateUnderLoad));
        return scenarios;
    }

    private ReliabilityMain() {
    }

    /**
     * The scenarios inject failures on purpose, and the runtime logs each one (with its stack
     * trace): thousands of lines that would bury the one line per scenario. Unless the caller chose
     * where the log goes, it goes to {@value #LOG_FILE}. Must run before anything gets a logger.
     */
    private static void logToFile() {
        if (System.getProperty(LOG_FILE_PROPERTY) == null) {
            System.setProperty(LOG_FILE_PROPERTY, LOG_FILE);
            System.out.println("log (the injected failures among it): " + Path.of(LOG_FILE).toAbsolutePath());
        }
    }

    /**
     * @param args scenario names, {@code all}, or {@code soak SECONDS [SAMPLE_SECONDS]}
     * @throws Exception if a scenario cannot run
     */
    public static void main(String[] args) throws Exception {
        List<Outcome> outcomes = new ArrayList<>();
        if (args.length >= 1 && args[0].equals("soak")) {
            long seconds;
            long sampleSeconds;
            try {
                if (args.length < 2 || args.length > 3) {
                    throw new IllegalArgumentException("soak takes SECONDS and optionally SAMPLE_SECONDS");
                }
                seconds = Long.parseLong(args[1]);
                sampleSeconds = args.length > 2 ? Long.parseLong(args[2]) : Math.max(1, seconds / 30);
                Soak.checkPlan(seconds, sampleSeconds);
            } catch (IllegalArgumentException e) { // NumberFormatException included
                System.err.println(e.getMessage() + "; usage: ReliabilityMain all | SCENARIO... | soak SECONDS [SAMPLE_SECONDS]");
                System.exit(2);
                return;
            }
            logToFile();
            ActorSystem system = ActorSystem.create("soak", POOLED);
            outcomes.add(Soak.run(system, seconds, sampleSeconds, System.out));
            system.terminate().toCompletableFuture().get(30, TimeUnit.SECONDS);
        } else {
            logToFile();
            Map<String, Scenario> all = scenarios();
            List<String> names = args.length == 1 && args[0].equals("all") ? new ArrayList<>(all.keySet()) : List.of(args);
            for (String name : names) {
                Scenario scenario = all.get(name);
                if (scenario == null) {
                    System.err.println("unknown scenario '" + name + "'; known: " + all.keySet());
                    System.exit(2);
                }
                ActorSystem system = ActorSystem.create(name, scenario.settings());
                Outcome outcome = scenario.run().on(system);
                outcomes.add(outcome);
                System.out.println(outcome.line());
                system.terminate().toCompletableFuture().get(30, TimeUnit.SECONDS);
            }
        }
        outcomes.stream().filter(o -> o.scenario().startsWith("soak")).forEach(o -> System.out.println(o.line()));
        System.exit(outcomes.stream().allMatch(Outcome::ok) ? 0 : 1);
    }
}
