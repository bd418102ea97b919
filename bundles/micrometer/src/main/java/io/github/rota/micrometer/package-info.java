/**
 * Rota's metrics for Micrometer: {@link io.github.rota.micrometer.ActorSystemMetrics} binds an actor
 * system's meters to any {@code MeterRegistry}.
 */
@Export
@Version("1.0.0")
package io.github.rota.micrometer;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
