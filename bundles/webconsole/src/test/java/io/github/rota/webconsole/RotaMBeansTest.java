package io.github.rota.webconsole;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.rota.api.management.ActorSystemMXBean;
import io.github.rota.api.management.DispatcherMXBean;
import io.github.rota.api.management.EnvelopePoolMXBean;
import java.lang.reflect.Proxy;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import javax.management.MBeanServer;
import javax.management.MBeanServerFactory;
import javax.management.ObjectName;
import javax.management.StandardMBean;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The page sees and changes Rota through its MBeans: here MXBeans that answer as Rota's would. */
class RotaMBeansTest {

    private final MBeanServer server = MBeanServerFactory.newMBeanServer();
    private final RotaMBeans mbeans = new RotaMBeans(server);
    private final AtomicInteger budget = new AtomicInteger(32);

    @BeforeEach
    void register() throws Exception {
        register("io.github.rota:type=Dispatcher,system=demo,name=default", DispatcherMXBean.class, Map.of(
                "getId", "default", "getKind", "work-stealing", "getWorkers", 2, "getParkedWorkers", 1,
                "getGlobalQueueDepth", 5, "getWorkerQueueDepths", new int[] {3, 0}, "getTurns", 100L,
                "getStealOperations", 7L));
        register("io.github.rota:type=Dispatcher,system=\"my system\",name=io", DispatcherMXBean.class,
                Map.of("getId", "io", "getKind", "executor"));
        register("io.github.rota:type=ActorSystem,name=demo", ActorSystemMXBean.class, Map.of("getName", "demo",
                "getHealth", "OK", "getHealthReason", "all well", "getLiveActors", 12L,
                "getLargestMailboxes", new String[] {"40 /user/slow"}));
        register("io.github.rota:type=EnvelopePool,system=demo", EnvelopePoolMXBean.class,
                Map.of("getShards", 4, "getCapacity", 1024, "getHits", 90L, "getMisses", 10L));
    }

    @Test
    void theSnapshotHoldsEveryDispatcherWithAllItsCountersAndTheSystemsAndPools() {
        Json json = new Json();
        mbeans.snapshot(json);

        assertThat(json.toString())
                .contains("{\"system\":\"demo\",\"id\":\"default\",\"kind\":\"work-stealing\",\"workers\":2,\"parked\":1,"
                        + "\"budget\":32,\"globalQueue\":5,\"workerQueues\":[3,0],\"counters\":{")
                .contains("\"Turns\":100", "\"StealOperations\":7", "\"WorkersReplaced\":0")
                .contains("{\"system\":\"my system\",\"id\":\"io\",\"kind\":\"executor\"")
                .contains("{\"name\":\"demo\",\"health\":\"OK\",\"healthReason\":\"all well\",\"liveActors\":12,"
                        + "\"deadLetters\":0,\"defaultDispatcher\":\"\",\"largestMailboxes\":[\"40 /user/slow\"]}")
                .contains("{\"system\":\"demo\",\"shards\":4,\"capacity\":1024,\"size\":0,\"hits\":90,\"misses\":10,\"drops\":0}")
                .doesNotContain("\"ThroughputBudget\":"); // an int, not a counter
    }

    @Test
    void aBudgetIsSetThroughTheDispatchersMBean() {
        assertThat(mbeans.setBudget("demo", "default", 64)).isTrue();
        assertThat(budget).hasValue(64);
    }

    @Test
    void aBudgetTheMBeanRefusesComesBackWithItsReasonAndChangesNothing() {
        assertThatThrownBy(() -> mbeans.setBudget("demo", "default", 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("throughput budget must be in 1..1000000, was 0");
        assertThat(budget).hasValue(32);
    }

    @Test
    void aDispatcherTheSystemDoesNotHaveIsReportedAsSuch() {
        assertThat(mbeans.setBudget("demo", "io", 8)).isFalse(); // "io" is in "my system"
        assertThat(mbeans.setBudget("my system", "io", 8)).isTrue();
    }

    /** An MXBean of {@code type} answering {@code answers} by method name and the type's zero otherwise. */
    private <T> void register(String name, Class<T> type, Map<String, Object> answers) throws Exception {
        Object mxbean = Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (self, method, args) -> {
            if (method.getDeclaringClass() == Object.class) {
                return method.getName().equals("equals") ? self == args[0]
                        : method.getName().equals("hashCode") ? System.identityHashCode(self) : name;
            }
            switch (method.getName()) {
                case "getThroughputBudget":
                    return budget.get();
                case "setThroughputBudget":
                    int value = (Integer) args[0];
                    if (value < 1 || value > 1_000_000) {
                        throw new IllegalArgumentException("throughput budget must be in 1..1000000, was " + value);
                    }
                    budget.set(value);
                    return null;
                default:
                    Class<?> returns = method.getReturnType();
                    return answers.getOrDefault(method.getName(), returns == long.class ? (Object) 0L
                            : returns == int.class ? (Object) 0 : returns == String.class ? "" : returns == int[].class
                            ? new int[0] : returns == long[].class ? new long[0] : returns == String[].class ? new String[0] : null);
            }
        });
        server.registerMBean(new StandardMBean(type.cast(mxbean), type, true), new ObjectName(name));
    }
}
