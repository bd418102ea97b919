package io.github.rota.management;

import io.github.rota.api.management.DispatcherMXBean;
import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.DispatcherStats;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntConsumer;
import javax.management.AttributeChangeNotification;
import javax.management.MBeanNotificationInfo;
import javax.management.NotificationBroadcasterSupport;
import javax.management.ObjectName;

/**
 * The {@link DispatcherMXBean} of one dispatcher id. The dispatcher behind it can be replaced (a
 * configuration change, a bundle update): the MBean stays registered and follows the replacement,
 * whose counters start again from 0.
 *
 * <p>Budget notifications: a change through {@link #setThroughputBudget} is announced at once;
 * a change made any other way (configuration, Gogo, code) is announced by {@link #checkBudget},
 * which the registrar calls every second. {@code announced} is the last value announced, so each
 * change is announced once.
 */
final class DispatcherMBean extends NotificationBroadcasterSupport implements DispatcherMXBean {

    private static final String BUDGET = "ThroughputBudget";

    private final ObjectName name;
    private final String id;
    private final IntConsumer persist;
    private final AtomicLong sequence = new AtomicLong();
    private volatile Dispatcher dispatcher;
    private int announced;

    /**
     * @param name where it is registered: the source of its notifications (serializable, unlike this object)
     * @param dispatcher the dispatcher
     * @param persist where a budget set through JMX is also saved (e.g. its configuration); may do nothing
     */
    DispatcherMBean(ObjectName name, Dispatcher dispatcher, IntConsumer persist) {
        super(new MBeanNotificationInfo(new String[] {AttributeChangeNotification.ATTRIBUTE_CHANGE},
                AttributeChangeNotification.class.getName(), "The throughput budget changed"));
        this.name = name;
        this.id = dispatcher.id();
        this.persist = persist;
        this.dispatcher = dispatcher;
        this.announced = dispatcher.throughputBudget();
    }

    /** Follows a replacement of the dispatcher. */
    void follow(Dispatcher replacement) {
        dispatcher = replacement;
        checkBudget();
    }

    Dispatcher dispatcher() {
        return dispatcher;
    }

    ObjectName name() {
        return name;
    }

    @Override
    public String getId() {
        return id;
    }

    @Override
    public String getKind() {
        return dispatcher.kind();
    }

    @Override
    public int getThroughputBudget() {
        return dispatcher.throughputBudget();
    }

    @Override
    public void setThroughputBudget(int budget) {
        Dispatcher.checkThroughputBudget(budget);
        dispatcher.setThroughputBudget(budget);
        checkBudget();
        persist.accept(budget);
    }

    /** Announces the budget if it changed since the last announcement. */
    synchronized void checkBudget() {
        int now = dispatcher.throughputBudget();
        if (now != announced) {
            int old = announced;
            announced = now;
            sendNotification(new AttributeChangeNotification(name, sequence.incrementAndGet(), System.currentTimeMillis(),
                    "dispatcher '" + id + "': throughput budget " + old + " -> " + now, BUDGET, "int", old, now));
        }
    }

    @Override
    public int getWorkers() {
        return dispatcher.stats().workers();
    }

    @Override
    public int getParkedWorkers() {
        return dispatcher.stats().parkedWorkers();
    }

    @Override
    public int getGlobalQueueDepth() {
        return dispatcher.stats().globalQueueDepth();
    }

    @Override
    public int[] getWorkerQueueDepths() {
        return dispatcher.stats().workerQueueDepths().stream().mapToInt(Integer::intValue).toArray();
    }

    @Override
    public long getTurns() {
        return counter("turns");
    }

    @Override
    public long getMessages() {
        return counter("messages");
    }

    @Override
    public long getLocalPushes() {
        return counter("localPushes");
    }

    @Override
    public long getNextSlotPushes() {
        return counter("nextSlotPushes");
    }

    @Override
    public long getGlobalPushes() {
        return counter("globalPushes");
    }

    @Override
    public long getStealOperations() {
        Map<String, Long> counters = dispatcher.stats().counters();
        return counters.getOrDefault("stealOperations", counters.getOrDefault("steals", 0L));
    }

    @Override
    public long getActorsStolen() {
        return counter("actorsStolen");
    }

    @Override
    public long getParks() {
        return counter("parks");
    }

    @Override
    public long getUnparks() {
        return counter("unparks");
    }

    @Override
    public long getNoopWakeups() {
        return counter("noopWakeups");
    }

    @Override
    public long getOverflowToGlobal() {
        return counter("overflowToGlobal");
    }

    @Override
    public long getBudgetExhaustedYields() {
        return counter("budgetYields");
    }

    @Override
    public long getStarvationReports() {
        return counter("starvationReports");
    }

    @Override
    public long getBlockingHandovers() {
        return counter("blockingHandovers");
    }

    @Override
    public long getBlockedWithoutSpare() {
        return counter("blockedWithoutSpare");
    }

    @Override
    public long getWorkersReplaced() {
        return counter("workersReplaced");
    }

    private long counter(String name) {
        DispatcherStats stats = dispatcher.stats();
        return stats.counters().getOrDefault(name, 0L);
    }
}
