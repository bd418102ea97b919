package io.github.rota.management;

import java.lang.management.ManagementFactory;
import javax.management.InstanceAlreadyExistsException;
import javax.management.InstanceNotFoundException;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.management.NotificationEmitter;
import javax.management.StandardEmitterMBean;
import javax.management.StandardMBean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Registers Rota's MBeans on the platform MBeanServer (the one JConsole and remote JMX see).
 *
 * <p>The platform server is shared by everything in the JVM, including another OSGi framework or a
 * bundle revision that is still stopping. So a registration replaces a stale one under the same
 * name, and an unregistration removes only an MBean this class loader registered (each registered
 * object is one of this class's own wrappers, whose class loader the server reports).
 */
final class MBeanRegistrar {

    private static final Logger LOG = LoggerFactory.getLogger(MBeanRegistrar.class);

    private final MBeanServer server = ManagementFactory.getPlatformMBeanServer();

    /**
     * Registers an MXBean, replacing whatever a previous owner left under the name.
     *
     * @param mbean the implementation
     * @param type its MXBean interface
     * @param name where
     */
    <T> void register(T mbean, Class<T> type, ObjectName name) {
        try {
            // Wrapped, so the implementation classes can stay package-private.
            Object registered = mbean instanceof NotificationEmitter emitter
                    ? new OwnEmitterMBean<>(mbean, type, emitter) : new OwnMBean<>(mbean, type);
            try {
                server.registerMBean(registered, name);
            } catch (InstanceAlreadyExistsException stale) {
                server.unregisterMBean(name);
                server.registerMBean(registered, name);
            }
            LOG.debug("registered MBean {}", name);
        } catch (JMException e) {
            LOG.error("cannot register {}", name, e);
        }
    }

    void unregister(ObjectName name) {
        try {
            if (server.getClassLoaderFor(name) != MBeanRegistrar.class.getClassLoader()) {
                return; // someone else's now (another framework, a newer revision): leave it
            }
            server.unregisterMBean(name);
            LOG.debug("unregistered {}", name);
        } catch (InstanceNotFoundException gone) {
            // already gone: nothing to do
        } catch (JMException e) {
            LOG.error("cannot unregister {}", name, e);
        }
    }

    /** A wrapper of this class loader, so that {@link #unregister} can tell its own MBeans. */
    private static final class OwnMBean<T> extends StandardMBean {
        OwnMBean(T implementation, Class<T> type) {
            super(implementation, type, true);
        }
    }

    /** The same, for MBeans that send notifications. */
    private static final class OwnEmitterMBean<T> extends StandardEmitterMBean {
        OwnEmitterMBean(T implementation, Class<T> type, NotificationEmitter emitter) {
            super(implementation, type, true, emitter);
        }
    }
}
