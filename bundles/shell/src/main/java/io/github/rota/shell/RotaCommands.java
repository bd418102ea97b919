package io.github.rota.shell;

import io.github.rota.api.ActorSystem;
import io.github.rota.api.MailboxDepth;
import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.DispatcherSpec;
import io.github.rota.api.DispatcherStats;
import io.github.rota.spi.jfr.FlightEvents;
import io.github.rota.spi.pool.EnvelopePool;
import io.github.rota.spi.pool.EnvelopePoolStats;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.felix.service.command.Descriptor;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/**
 * Gogo commands in the scope {@code rota}: {@code dispatchers}, {@code dispatcher <id>},
 * {@code budget <id> <n>}, {@code pool} and {@code top [n]}. Each prints its text once to the
 * session (so Felix's console, Karaf's console and {@code bin/client} all show it); bad arguments
 * throw an {@link IllegalArgumentException} whose message the console shows.
 *
 * <p>{@code budget} changes the dispatcher's ConfigAdmin configuration when it has one (so the value
 * survives a restart, saved in the {@code .cfg} file it came from); the dispatcher component
 * then applies it from the next turn.
 */
@Component(service = RotaCommands.class, immediate = true, property = {
    "osgi.command.scope=rota",
    "osgi.command.function=dispatchers",
    "osgi.command.function=dispatcher",
    "osgi.command.function=budget",
    "osgi.command.function=pool",
    "osgi.command.function=top"
})
public final class RotaCommands {

    /** Service property of a dispatcher: the configuration it came from. */
    static final String CONFIG_PID = DispatcherSpec.CONFIG_PID_PROPERTY;
    static final String THROUGHPUT = "throughput";

    private final Map<Dispatcher, Map<String, Object>> dispatchers = new ConcurrentHashMap<>();

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    final List<ActorSystem> systems = new CopyOnWriteArrayList<>();

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    volatile EnvelopePool pool;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    volatile ConfigurationAdmin configAdmin;

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void bindDispatcher(Dispatcher dispatcher, Map<String, Object> properties) {
        dispatchers.put(dispatcher, Map.copyOf(properties));
    }

    void unbindDispatcher(Dispatcher dispatcher) {
        dispatchers.remove(dispatcher);
    }

    /** Prints one line per dispatcher: id, kind, workers, parked workers, budget, queued actors. */
    @Descriptor("one line per dispatcher: id, kind, workers, parked workers, budget, queued actors")
    public void dispatchers() {
        print(this::dispatchersTable);
    }

    /** Prints a dispatcher's settings, queues and every counter. */
    @Descriptor("a dispatcher's settings, queues and every counter")
    public void dispatcher(@Descriptor("the dispatcher's id, as rota:dispatchers lists it") String id) {
        print(() -> dispatcherDetails(id));
    }

    /** Sets a dispatcher's throughput budget (1..1,000,000) and prints what changed. */
    @Descriptor("sets a dispatcher's throughput budget, live and in its configuration, and prints what changed")
    public void budget(@Descriptor("the dispatcher's id, as rota:dispatchers lists it") String id,
                       @Descriptor("messages per turn, 1..1000000") int budget) throws IOException {
        print(() -> changeBudget(id, budget));
    }

    /** Prints the envelope pool's counters, in total and per shard. */
    @Descriptor("the envelope pool's counters, in total and per shard")
    public void pool() {
        print(this::poolCounters);
    }

    /** Prints the ten actors with the most messages waiting, per actor system. */
    @Descriptor("the ten actors with the most messages waiting, per actor system")
    public void top() {
        top(10);
    }

    /** Prints the {@code limit} actors (at least 1) with the most messages waiting, per actor system. */
    @Descriptor("the actors with the most messages waiting, per actor system")
    public void top(@Descriptor("how many actors, at least 1") int limit) {
        print(() -> largestMailboxes(limit));
    }

    /**
     * Gogo's session output: Felix's console would print a returned value too, but Karaf's
     * {@code bin/client} and SSH exec sessions print only what a command writes.
     */
    private static <E extends Exception> void print(Report<E> report) throws E {
        String text;
        try {
            text = report.get();
        } catch (IllegalArgumentException e) {
            throw new CommandException(e);
        }
        System.out.print(text.endsWith("\n") ? text : text + System.lineSeparator());
        System.out.flush();
    }

    /** A command's text; only changing a budget can fail otherwise (writing its configuration). */
    @FunctionalInterface
    private interface Report<E extends Exception> {
        String get() throws E;
    }

    /** @return one line per dispatcher: id, kind, workers, parked workers, budget, queued actors */
    String dispatchersTable() {
        StringBuilder out = new StringBuilder(String.format("%-16s %-14s %7s %7s %8s %7s%n",
                "ID", "KIND", "WORKERS", "PARKED", "BUDGET", "QUEUED"));
        List<Dispatcher> sorted = new ArrayList<>(dispatchers.keySet());
        sorted.sort(Comparator.comparing(Dispatcher::id));
        for (Dispatcher d : sorted) {
            DispatcherStats stats = d.stats();
            int queued = stats.globalQueueDepth() + stats.workerQueueDepths().stream().mapToInt(Integer::intValue).sum();
            out.append(String.format("%-16s %-14s %7d %7d %8d %7d%n", d.id(), d.kind(), stats.workers(),
                    stats.parkedWorkers(), d.throughputBudget(), queued));
        }
        return out.toString();
    }

    /**
     * @param id a dispatcher id
     * @return the dispatcher's settings, queues and every counter
     */
    String dispatcherDetails(String id) {
        Dispatcher d = find(id);
        DispatcherStats stats = d.stats();
        StringBuilder out = new StringBuilder();
        out.append(String.format("dispatcher %s (%s)%n", d.id(), d.kind()));
        out.append(String.format("  %-20s %d%n", "throughputBudget", d.throughputBudget()));
        out.append(String.format("  %-20s %d%n", "workers", stats.workers()));
        out.append(String.format("  %-20s %d%n", "parkedWorkers", stats.parkedWorkers()));
        out.append(String.format("  %-20s %d%n", "globalQueueDepth", stats.globalQueueDepth()));
        out.append(String.format("  %-20s %s%n", "workerQueueDepths", stats.workerQueueDepths()));
        stats.counters().forEach((counter, value) -> out.append(String.format("  %-20s %d%n", counter.key(), value)));
        return out.toString();
    }

    /**
     * @param id a dispatcher id
     * @param budget the new throughput budget, 1..1,000,000
     * @return what changed
     * @throws IOException if the configuration cannot be written; the budget applies all the same
     *         (live first, as a JMX write), until a restart
     */
    String changeBudget(String id, int budget) throws IOException {
        Dispatcher d = find(id);
        Dispatcher.checkThroughputBudget(budget);
        int old = d.throughputBudget();
        // Live first, as a JMX write does; the configuration then only keeps it.
        d.setThroughputBudget(budget);
        if (old != budget) {
            FlightEvents.budgetChange(id, old, budget, FlightEvents.SHELL);
        }
        Object pid = dispatchers.getOrDefault(d, Map.of()).get(CONFIG_PID);
        ConfigurationAdmin admin = configAdmin;
        if (pid != null && admin != null) {
            Configuration configuration = admin.getConfiguration(pid.toString(), "?");
            Dictionary<String, Object> properties = configuration.getProperties();
            if (properties == null) {
                properties = new Hashtable<>();
            }
            properties.put(THROUGHPUT, Integer.toString(budget));
            try {
                configuration.update(properties);
            } catch (IOException e) {
                throw new IOException("dispatcher '" + id + "': throughput budget " + old + " -> " + budget
                        + " applies, but could not be saved in configuration " + pid + ": " + e.getMessage(), e);
            }
            return "dispatcher '" + id + "': throughput budget " + old + " -> " + budget + " (configuration " + pid + ")";
        }
        return "dispatcher '" + id + "': throughput budget " + old + " -> " + budget;
    }

    /** @return the envelope pool's counters, in total and per shard */
    String poolCounters() {
        EnvelopePool current = pool;
        if (current == null) {
            return "envelope pool disabled: actors allocate their envelopes (enable it with enabled=true in etc/io.github.rota.pool.cfg)";
        }
        EnvelopePoolStats stats = current.stats();
        StringBuilder out = new StringBuilder(String.format("envelope pool: %d shards of %d; hits %d, misses %d, drops %d, spare %d%n",
                stats.shards(), stats.capacity(), stats.totalHits(), stats.totalMisses(), stats.totalDrops(), stats.totalSize()));
        for (int i = 0; i < stats.shards(); i++) {
            out.append(String.format("  shard %3d: hits %d, misses %d, drops %d, spare %d%n",
                    i, stats.hits()[i], stats.misses()[i], stats.drops()[i], stats.sizes()[i]));
        }
        return out.toString();
    }

    /**
     * @param limit how many actors to list per system, at least 1
     * @return the actors with the most messages waiting, per actor system
     */
    String largestMailboxes(int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("top: the number of actors must be at least 1, was " + limit);
        }
        StringBuilder out = new StringBuilder();
        for (ActorSystem system : systems) {
            out.append(String.format("actor system %s%n", system.name()));
            for (MailboxDepth depth : system.largestMailboxes(limit)) {
                out.append(String.format("  %8d  %s%n", depth.depth(), depth.actor().path()));
            }
        }
        return out.length() == 0 ? "no actor system is running" : out.toString();
    }

    private Dispatcher find(String id) {
        for (Dispatcher d : dispatchers.keySet()) {
            if (d.id().equals(id)) {
                return d;
            }
        }
        TreeSet<String> known = new TreeSet<>();
        dispatchers.keySet().forEach(d -> known.add(d.id()));
        throw new IllegalArgumentException("no dispatcher '" + id + "'; running: " + known);
    }
}
