package io.github.rota.bench;

import io.github.rota.bench.spi.Contender;
import io.github.rota.bench.spi.ContenderFactory;
import io.github.rota.api.Settings;
import java.util.List;

/**
 * {@code rota-ws}: Rota on its work-stealing pool; {@code rota-ws-pooled}: the same with the envelope
 * pool on; {@code rota-ws-tracked}: the same with every actor's metrics kept
 * ({@code rota.system.metrics.actors = user/**}), the most per-actor metrics can cost;
 * {@code rota-executor}: on the ForkJoinPool-backed dispatcher.
 */
public final class RotaContenders implements ContenderFactory {

    @Override
    public List<String> names() {
        return List.of("rota-ws", "rota-ws-pooled", "rota-ws-tracked", "rota-executor");
    }

    @Override
    public Contender create(String name, int throughput) {
        return switch (name) {
            case "rota-ws" -> new RotaContender(name, "work-stealing", throughput, false, Settings.empty());
            case "rota-ws-pooled" -> new RotaContender(name, "work-stealing", throughput, true, Settings.empty());
            case "rota-ws-tracked" -> new RotaContender(name, "work-stealing", throughput, false,
                    Settings.empty().with(Settings.METRICS_ACTORS, "user/**"));
            case "rota-executor" -> new RotaContender(name, "executor", throughput, false, Settings.empty());
            default -> throw new IllegalArgumentException("unknown contender '" + name + "'; this factory makes " + names());
        };
    }
}
