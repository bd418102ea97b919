package io.github.rota.management;

import io.github.rota.api.management.DispatcherMXBean;
import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.api.DispatcherCounter;
import io.github.rota.api.DispatcherStats;
import io.github.rota.spi.jfr.FlightEvents;
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
        Dispatcher target = dispatcher;
        int old = target.throughputBudget();
        target.setThroughputBudget(budget);
        if (old != budget) {
            FlightEvents.budgetChange(id, old, budget, FlightEvents.JMX);
        }
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
    public int getActiveWorkers() {
        DispatcherStats stats = dispatcher.stats();
        return Math.max(0, stats.workers() - stats.parkedWorkers());
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
        return dispatcher.counter(DispatcherCounter.TURNS);
    }

    @Override
    public long getMessages() {
        return dispatcher.counter(DispatcherCounter.MESSAGES);
    }

    @Override
    public long getLocalPushes() {
        return dispatcher.counter(DispatcherCounter.LOCAL_PUSHES);
    }

    @Override
    public long getNextSlotPushes() {
        return dispatcher.counter(DispatcherCounter.NEXT_SLOT_PUSHES);
    }

    @Override
    public long getGlobalPushes() {
        return dispatcher.counter(DispatcherCounter.GLOBAL_PUSHES);
    }

    @Override
    public long getStealOperations() {
        return dispatcher.counter(DispatcherCounter.STEAL_OPERATIONS);
    }

    @Override
    public long getActorsStolen() {
        return dispatcher.counter(DispatcherCounter.ACTORS_STOLEN);
    }

    @Override
    public long getParks() {
        return dispatcher.counter(DispatcherCounter.PARKS);
    }

    @Override
    public long getUnparks() {
        return dispatcher.counter(DispatcherCounter.UNPARKS);
    }

    @Override
    public long getLingerReleases() {
        return dispatcher.counter(DispatcherCounter.LINGER_RELEASES);
    }

    @Override
    public long getGlobalPolls() {
        return dispatcher.counter(DispatcherCounter.GLOBAL_POLLS);
    }

    @Override
    public long getNextSlotSteals() {
        return dispatcher.counter(DispatcherCounter.NEXT_SLOT_STEALS);
    }

    @Override
    public long getSiblingProbes() {
        return dispatcher.counter(DispatcherCounter.SIBLING_PROBES);
    }

    @Override
    public long getSearchNaps() {
        return dispatcher.counter(DispatcherCounter.SEARCH_NAPS);
    }

    @Override
    public long getNoopWakeups() {
        return dispatcher.counter(DispatcherCounter.NOOP_WAKEUPS);
    }

    @Override
    public long getOverflowToGlobal() {
        return dispatcher.counter(DispatcherCounter.OVERFLOW_TO_GLOBAL);
    }

    @Override
    public long getBudgetExhaustedYields() {
        return dispatcher.counter(DispatcherCounter.BUDGET_YIELDS);
    }

    @Override
    public long getStarvationReports() {
        return dispatcher.counter(DispatcherCounter.STARVATION_REPORTS);
    }

    @Override
    public long getBlockingHandovers() {
        return dispatcher.counter(DispatcherCounter.BLOCKING_HANDOVERS);
    }

    @Override
    public long getBlockedWithoutSpare() {
        return dispatcher.counter(DispatcherCounter.BLOCKED_WITHOUT_SPARE);
    }

    @Override
    public long getWorkersReplaced() {
        return dispatcher.counter(DispatcherCounter.WORKERS_REPLACED);
    }
}
