package io.github.rota.bench;

import io.github.rota.bench.spi.Contender;
import io.github.rota.bench.spi.ContenderFactory;
import java.util.List;

/**
 * {@code rota-ws}: Rota on its work-stealing pool; {@code rota-ws-pooled}: the same with the envelope
 * pool on; {@code rota-executor}: on the ForkJoinPool-backed dispatcher.
 */
public final class RotaContenders implements ContenderFactory {

    @Override
    public List<String> names() {
        return List.of("rota-ws", "rota-ws-pooled", "rota-executor");
    }

    @Override
    public Contender create(String name, int throughput) {
        return switch (name) {
            case "rota-ws" -> new RotaContender(name, "work-stealing", throughput, false);
            case "rota-ws-pooled" -> new RotaContender(name, "work-stealing", throughput, true);
            case "rota-executor" -> new RotaContender(name, "executor", throughput, false);
            default -> throw new IllegalArgumentException("unknown contender '" + name + "'; this factory makes " + names());
        };
    }
}
