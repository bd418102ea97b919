package io.github.rota.management;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.rota.api.management.EnvelopePoolMXBean;
import io.github.rota.api.management.ObjectNames;
import io.github.rota.spi.pool.EnvelopePool;
import java.lang.management.ManagementFactory;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.management.StandardMBean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Sharing the platform MBeanServer with another framework or a bundle revision still stopping. */
class MBeanRegistrarTest {

    private final MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    private final MBeanRegistrar registrar = new MBeanRegistrar();
    private final ObjectName name = ObjectNames.envelopePool("shared");
    private final EnvelopePool pool = EnvelopePool.allocating();

    @AfterEach
    void cleanUp() throws Exception {
        if (server.isRegistered(name)) {
            server.unregisterMBean(name);
        }
    }

    @Test
    void aRegistrationReplacesAStaleOneUnderTheSameName() throws Exception {
        server.registerMBean(new StandardMBean(new EnvelopePoolMBean(pool), EnvelopePoolMXBean.class, true), name);

        registrar.register(new EnvelopePoolMBean(pool), EnvelopePoolMXBean.class, name);

        assertThat(server.getClassLoaderFor(name)).isSameAs(MBeanRegistrar.class.getClassLoader());
    }

    @Test
    void anUnregistrationLeavesAnMBeanSomeoneElseRegisteredSince() throws Exception {
        registrar.register(new EnvelopePoolMBean(pool), EnvelopePoolMXBean.class, name);
        server.unregisterMBean(name);
        server.registerMBean(new StandardMBean(new EnvelopePoolMBean(pool), EnvelopePoolMXBean.class, true), name);

        registrar.unregister(name);

        assertThat(server.isRegistered(name)).as("the newer owner's MBean stays").isTrue();
    }

    @Test
    void anUnregistrationRemovesItsOwnMBean() {
        registrar.register(new EnvelopePoolMBean(pool), EnvelopePoolMXBean.class, name);

        registrar.unregister(name);

        assertThat(server.isRegistered(name)).isFalse();
        assertThat(ObjectNames.envelopePool("shared").toString()).isEqualTo("io.github.rota:type=EnvelopePool,system=shared");
    }
}
