package io.github.rota.bench.spi;

import java.util.List;

/**
 * Makes contenders by name; found with {@link java.util.ServiceLoader}, so a runtime compared with
 * Rota (Pekko, in {@code benchmarks/pekko}) plugs in without the runner depending on it.
 */
public interface ContenderFactory {

    /** @return the names this factory makes, e.g. {@code pekko-default} */
    List<String> names();

    /**
     * @param name one of {@link #names()}
     * @param throughput the actors' throughput budget (messages per turn), or 0 for the runtime's default
     * @return a started contender
     */
    Contender create(String name, int throughput);
}
