package io.github.rota.bench.pekko;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import io.github.rota.bench.spi.Contender;
import io.github.rota.bench.spi.ContenderFactory;
import java.util.List;

/**
 * Apache Pekko classic actors: {@code pekko-default} as shipped (a fork-join dispatcher of at least 8
 * threads, throughput 5) and {@code pekko-tuned}, whose fork-join parallelism equals the core count
 * (markedly faster on a small machine).
 */
public final class PekkoContenders implements ContenderFactory {

    @Override
    public List<String> names() {
        return List.of("pekko-default", "pekko-tuned");
    }

    @Override
    public Contender create(String name, int throughput) {
        StringBuilder overrides = new StringBuilder("pekko.loglevel = WARNING\npekko.stdout-loglevel = WARNING\n"
                + "pekko.log-dead-letters = off\npekko.log-dead-letters-during-shutdown = off\n");
        switch (name) {
            case "pekko-default" -> { }
            case "pekko-tuned" -> {
                int cores = Runtime.getRuntime().availableProcessors();
                overrides.append("pekko.actor.default-dispatcher.fork-join-executor.parallelism-min = ").append(cores).append('\n')
                        .append("pekko.actor.default-dispatcher.fork-join-executor.parallelism-max = ").append(cores).append('\n');
            }
            default -> throw new IllegalArgumentException("unknown contender '" + name + "'; this factory makes " + names());
        }
        if (throughput > 0) {
            overrides.append("pekko.actor.default-dispatcher.throughput = ").append(throughput).append('\n');
        }
        Config config = ConfigFactory.parseString(overrides.toString()).withFallback(ConfigFactory.load());
        return new PekkoContender(name, config);
    }
}
