package io.github.rota.webconsole;

import io.github.rota.api.management.ActorSystemMXBean;
import io.github.rota.api.management.DispatcherMXBean;
import io.github.rota.api.management.EnvelopePoolMXBean;
import io.github.rota.api.management.ObjectNames;
import java.lang.reflect.UndeclaredThrowableException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import javax.management.Attribute;
import javax.management.JMException;
import javax.management.JMX;
import javax.management.MBeanAttributeInfo;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * Rota as its MBeans show it: the page's only source and its only way to change anything, so the
 * page shows what a JMX console shows, and a budget set here is validated, applied and saved into
 * the dispatcher's configuration exactly as a JMX write is (by the MBean itself).
 *
 * <p>An MBean may go between the query that finds it and the read (a dispatcher replaced, a bundle
 * stopping), or fail while its dispatcher stops: it is then left out of that snapshot, and the rest
 * still shows.
 */
final class RotaMBeans {

    /** The domain of every Rota MBean's name, as the API's MXBean interfaces give them. */

    private final MBeanServer server;

    RotaMBeans(MBeanServer server) {
        this.server = server;
    }

    /**
     * Writes the snapshot the page renders: the time, then every actor system, dispatcher and
     * envelope pool. Counters are the MBeans' monotonic totals; the page derives the rates.
     */
    void snapshot(Json json) {
        json.beginObject().member("time", System.currentTimeMillis());
        json.name("systems").beginArray();
        for (ObjectName name : names(ActorSystemMXBean.TYPE)) {
            ActorSystemMXBean system = JMX.newMXBeanProxy(server, name, ActorSystemMXBean.class);
            readOrSkip(() -> {
                String[] largest = system.getLargestMailboxes();
                Json row = new Json().beginObject().member("name", system.getName())
                        .member("health", system.getHealth()).member("healthReason", system.getHealthReason())
                        .member("liveActors", system.getLiveActors()).member("deadLetters", system.getDeadLetters())
                        .member("defaultDispatcher", system.getDefaultDispatcher());
                row.name("largestMailboxes").beginArray();
                Arrays.stream(largest).forEach(row::value);
                return row.endArray().endObject();
            }).ifPresent(row -> json.rawValue(row));
        }
        json.endArray().name("dispatchers").beginArray();
        for (ObjectName name : names(DispatcherMXBean.TYPE)) {
            DispatcherMXBean dispatcher = JMX.newMXBeanProxy(server, name, DispatcherMXBean.class);
            readOrSkip(() -> {
                Json row = new Json().beginObject().member("system", system(name)).member("id", dispatcher.getId())
                        .member("kind", dispatcher.getKind()).member("workers", dispatcher.getWorkers())
                        .member("parked", dispatcher.getParkedWorkers()).member("budget", dispatcher.getThroughputBudget())
                        .member("globalQueue", dispatcher.getGlobalQueueDepth());
                row.name("workerQueues").beginArray();
                Arrays.stream(dispatcher.getWorkerQueueDepths()).forEach(row::value);
                row.endArray().name("counters").beginObject();
                for (Attribute counter : counters(name)) {
                    row.member(counter.getName(), ((Number) counter.getValue()).longValue());
                }
                return row.endObject().endObject();
            }).ifPresent(row -> json.rawValue(row));
        }
        json.endArray().name("pools").beginArray();
        for (ObjectName name : names(EnvelopePoolMXBean.TYPE)) {
            EnvelopePoolMXBean pool = JMX.newMXBeanProxy(server, name, EnvelopePoolMXBean.class);
            readOrSkip(() -> new Json().beginObject().member("system", system(name)).member("shards", pool.getShards())
                    .member("capacity", pool.getCapacity()).member("size", pool.getSize()).member("hits", pool.getHits())
                    .member("misses", pool.getMisses()).member("drops", pool.getDrops()).endObject())
                    .ifPresent(row -> json.rawValue(row));
        }
        json.endArray().endObject();
    }

    /**
     * Sets a dispatcher's throughput budget through its MBean.
     *
     * @return false if the system has no such dispatcher
     * @throws IllegalArgumentException the MBean's refusal (out of range), with its reason; nothing changed
     */
    boolean setBudget(String system, String dispatcherId, int budget) {
        for (ObjectName name : names(DispatcherMXBean.TYPE)) {
            DispatcherMXBean dispatcher = JMX.newMXBeanProxy(server, name, DispatcherMXBean.class);
            if (system.equals(system(name)) && readOrSkip(dispatcher::getId).filter(dispatcherId::equals).isPresent()) {
                try {
                    dispatcher.setThroughputBudget(budget); // a local proxy rethrows the MBean's own exception
                    return true;
                } catch (UndeclaredThrowableException e) {
                    return false; // gone since the query: replaced or stopped
                }
            }
        }
        return false;
    }

    private Set<ObjectName> names(String type) {
        try {
            return new TreeSet<>(server.queryNames(new ObjectName(ObjectNames.DOMAIN + ":type=" + type + ",*"), null));
        } catch (JMException e) {
            throw new IllegalStateException("cannot query Rota's " + type + " MBeans", e);
        }
    }

    /** @return every {@code long} attribute: the dispatcher's monotonic counters, whatever its kind keeps */
    private List<Attribute> counters(ObjectName name) {
        try {
            String[] counters = Arrays.stream(server.getMBeanInfo(name).getAttributes())
                    .filter(attribute -> "long".equals(attribute.getType())).map(MBeanAttributeInfo::getName)
                    .toArray(String[]::new);
            return server.getAttributes(name, counters).asList();
        } catch (JMException e) {
            throw new IllegalStateException("cannot read the counters of " + name, e);
        }
    }

    /** The {@code system} key of a name, unquoted (names quote values that are not plain words). */
    private static String system(ObjectName name) {
        String value = name.getKeyProperty("system");
        return value.startsWith("\"") ? ObjectName.unquote(value) : value;
    }

    private interface Read<T> {
        T read();
    }

    private static <T> Optional<T> readOrSkip(Read<T> read) {
        try {
            return Optional.of(read.read());
        } catch (RuntimeException e) { // gone since the query (InstanceNotFoundException inside), or stopping
            return Optional.empty();
        }
    }
}
