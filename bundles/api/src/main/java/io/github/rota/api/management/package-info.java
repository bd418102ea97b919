/**
 * Management interfaces: the MXBeans Rota registers for every dispatcher, envelope pool and actor
 * system, so that JMX clients (JConsole, VisualVM, jmxterm) can read the counters and retune the
 * throughput budget, and programs can make typed proxies with {@link javax.management.JMX#newMXBeanProxy};
 * and the health checks ({@link io.github.rota.api.management.ActorSystemHealth}) behind the
 * {@code Health} attribute, which OSGi also sees as services.
 * Exported unconditionally: the JMX machinery reads these interfaces from outside the module.
 */
@Export
@Version("1.6.0")
package io.github.rota.api.management;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
