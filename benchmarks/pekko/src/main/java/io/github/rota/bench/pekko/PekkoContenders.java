package io.github.rota.bench.pekko;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import io.github.rota.bench.spi.Contender;
import io.github.rota.bench.spi.ContenderFactory;
import java.util.List;

/**
 * Apache Pekko classic actors in the configurations the runner compares, the best of which per workload
 * is "best Pekko":
 * <ul>
 *   <li>{@code pekko-default}: as shipped (a fork-join dispatcher of at least 8 threads, throughput 5,
 *       the classic {@code UnboundedMailbox});</li>
 *   <li>{@code pekko-tuned}: fork-join parallelism = the core count, and
 *       {@code SingleConsumerOnlyUnboundedMailbox} (Pekko Typed's default, a Vyukov MPSC queue, about
 *       20 % faster on a ping-pong pair here than the classic mailbox's {@code ConcurrentLinkedQueue});</li>
 *   <li>{@code pekko-tuned-tp32}: the same with throughput 32 (Pekko's best on fan-out and hot-actor on
 *       some JDKs).</li>
 * </ul>
 * An actor a workload floods ({@code Contender.spawnFlooded}) gets the configuration's mailbox too:
 * Pekko has no unbounded mailbox faster than {@code SingleConsumerOnlyUnboundedMailbox} for it.
 */
public final class PekkoContenders implements ContenderFactory {

    static final String DEFAULT = "pekko-default";
    static final String TUNED = "pekko-tuned";
    static final String TUNED_TP32 = "pekko-tuned-tp32";
    private static final int TUNED_THROUGHPUT = 32;

    @Override
    public List<String> names() {
        return List.of(DEFAULT, TUNED, TUNED_TP32);
    }

    @Override
    public Contender create(String name, int throughput) {
        StringBuilder overrides = new StringBuilder("pekko.loglevel = WARNING\npekko.stdout-loglevel = WARNING\n"
                + "pekko.log-dead-letters = off\npekko.log-dead-letters-during-shutdown = off\n");
        if (!names().contains(name)) {
            throw new IllegalArgumentException("unknown contender '" + name + "'; this factory makes " + names());
        }
        if (!name.equals(DEFAULT)) {
            int cores = Runtime.getRuntime().availableProcessors();
            overrides.append("pekko.actor.default-dispatcher.fork-join-executor.parallelism-min = ").append(cores).append('\n')
                    .append("pekko.actor.default-dispatcher.fork-join-executor.parallelism-max = ").append(cores).append('\n')
                    .append("pekko.actor.default-mailbox.mailbox-type = ")
                    .append("\"org.apache.pekko.dispatch.SingleConsumerOnlyUnboundedMailbox\"\n");
        }
        // The runner's budget sweep passes a throughput; otherwise the configuration's own.
        int budget = throughput > 0 ? throughput : name.equals(TUNED_TP32) ? TUNED_THROUGHPUT : 0;
        if (budget > 0) {
            overrides.append("pekko.actor.default-dispatcher.throughput = ").append(budget).append('\n');
        }
        Config config = ConfigFactory.parseString(overrides.toString()).withFallback(ConfigFactory.load());
        return new PekkoContender(name, config);
    }
}
