/**
 * What dispatcher kinds share, so each need not write it: {@link io.github.rota.spi.support.AbstractDispatcher}
 * (id, kind, budget, turn observers and stopping), {@link io.github.rota.spi.support.ForwardingDispatcher}
 * (the base of decorators), {@link io.github.rota.spi.support.TurnObservers} (fan-out of turn events
 * that isolates a faulty observer) and {@link io.github.rota.spi.support.QueueDelayProbe} (the
 * time-in-queue probe). Implementation, not contract: a dispatcher may use none of it.
 */
@Export
@Version("1.0.0")
package io.github.rota.spi.support;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
