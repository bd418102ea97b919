package io.github.rota.bench;

import java.util.List;
import java.util.function.Supplier;

/** Every workload by name, at the sizes documented in the README (scale 1.0; a full pass takes about 5 minutes on 2 cores). */
final class Workloads {

    /** In the order {@code all} runs them; the budget sweep comes last. */
    static final List<String> NAMES = List.of("pingpong-1", "pingpong-pairs", "fanout", "hot-actor", "ask-latency",
            "threadring", "spawn-many", "skynet");
    static final String BUDGET_SWEEP = "budget-sweep";
    /** The workloads the budget sweep runs. */
    static final List<String> SWEPT = List.of("pingpong-pairs", "fanout");

    private Workloads() {
    }

    static Workload create(String name) {
        Supplier<Workload> factory = switch (name) {
            case "pingpong-1" -> () -> new PingPong("pingpong-1", 1, 300_000);
            case "pingpong-pairs" -> () -> new PingPong("pingpong-pairs", 2 * Runtime.getRuntime().availableProcessors(), 150_000);
            case "fanout" -> () -> new FanOut(600_000);
            case "hot-actor" -> () -> new HotActor(300_000);
            case "ask-latency" -> () -> new AskLatency(10_000);
            case "threadring" -> () -> new ThreadRing(1_200_000);
            case "spawn-many" -> SpawnMany::new;
            case "skynet" -> Skynet::new;
            default -> throw new IllegalArgumentException("unknown workload '" + name + "'; known: " + NAMES
                    + ", " + BUDGET_SWEEP + ", all");
        };
        return factory.get();
    }
}
