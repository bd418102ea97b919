package io.github.rota.bench;

import java.util.List;
import java.util.function.Supplier;

/**
 * Every workload by name, at the sizes documented in docs/benchmarks.md (scale 1.0). The sizes make a round
 * of the fastest runtime last well over 100 ms, so that the clock's and the scheduler's granularity
 * stay far below what is measured.
 */
final class Workloads {

    /** In the order {@code all} runs them; the budget sweep comes last. */
    static final List<String> NAMES = List.of("pingpong-1", "pingpong-pairs", "fanout", "hot-actor", "flood",
            "broker", "ask-latency", "threadring", "spawn-many", "spawn-many-inside", "skynet");
    static final String BUDGET_SWEEP = "budget-sweep";
    /** The workloads the budget sweep runs. */
    static final List<String> SWEPT = List.of("pingpong-pairs", "fanout");

    private Workloads() {
    }

    static Workload create(String name) {
        Supplier<Workload> factory = switch (name) {
            case "pingpong-1" -> () -> new PingPong("pingpong-1", 1, 2_000_000);
            case "pingpong-pairs" -> () -> new PingPong("pingpong-pairs", 2 * Runtime.getRuntime().availableProcessors(), 500_000);
            case "fanout" -> () -> new FanOut(2_000_000);
            case "hot-actor" -> () -> new HotActor(1_000_000);
            case "flood" -> Flood::new;
            case "broker" -> () -> new Broker(512_000);
            case "ask-latency" -> () -> new AskLatency(50_000);
            case "threadring" -> () -> new ThreadRing(4_000_000);
            case "spawn-many" -> () -> new SpawnMany(false);
            case "spawn-many-inside" -> () -> new SpawnMany(true);
            case "skynet" -> Skynet::new;
            default -> throw new IllegalArgumentException("unknown workload '" + name + "'; known: " + NAMES
                    + ", " + BUDGET_SWEEP + ", all");
        };
        return factory.get();
    }
}
