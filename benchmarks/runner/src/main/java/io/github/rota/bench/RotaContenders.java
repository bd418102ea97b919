package io.github.rota.bench;

import io.github.rota.bench.spi.Contender;
import io.github.rota.bench.spi.ContenderFactory;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.DispatcherSampleListener;
import io.github.rota.api.Settings;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;

/**
 * {@code rota-ws}: Rota on its work-stealing pool; {@code rota-ws-pooled}: the same with the envelope
 * pool on; {@code rota-ws-tracked}: the same with every actor's metrics kept
 * ({@code rota.system.metrics.actors = user/**}), the most per-actor metrics can cost;
 * {@code rota-ws-sampled}: the same as {@code rota-ws} with a dispatcher sample listener added, as a
 * metrics binder (Micrometer's) adds one: the probe once a second and about one turn in 64 timed;
 * {@code rota-executor}: on the ForkJoinPool-backed dispatcher.
 */
public final class RotaContenders implements ContenderFactory {

    private static final Consumer<ActorSystem> AS_IS = system -> { };

    /** Adds up what it hears, as a timer does, and no more. */
    private static final class Summing implements DispatcherSampleListener {
        private final LongAdder nanos = new LongAdder();

        @Override
        public void timeInQueue(String dispatcherId, long sample) {
            nanos.add(sample);
        }

        @Override
        public void turn(String dispatcherId, long sample) {
            nanos.add(sample);
        }
    }

    @Override
    public List<String> names() {
        return List.of("rota-ws", "rota-ws-pooled", "rota-ws-tracked", "rota-ws-sampled", "rota-executor");
    }

    @Override
    public Contender create(String name, int throughput) {
        return switch (name) {
            case "rota-ws" -> new RotaContender(name, "work-stealing", throughput, false, Settings.empty(), AS_IS);
            case "rota-ws-pooled" -> new RotaContender(name, "work-stealing", throughput, true, Settings.empty(), AS_IS);
            case "rota-ws-tracked" -> new RotaContender(name, "work-stealing", throughput, false,
                    Settings.empty().with(Settings.METRICS_ACTORS, "user/**"), AS_IS);
            case "rota-ws-sampled" -> new RotaContender(name, "work-stealing", throughput, false, Settings.empty(),
                    system -> system.addDispatcherSampleListener(new Summing()));
            case "rota-executor" -> new RotaContender(name, "executor", throughput, false, Settings.empty(), AS_IS);
            default -> throw new IllegalArgumentException("unknown contender '" + name + "'; this factory makes " + names());
        };
    }
}
