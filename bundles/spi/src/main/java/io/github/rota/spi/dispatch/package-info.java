/**
 * Dispatcher SPI: a dispatcher decides which {@link io.github.rota.spi.dispatch.Schedulable} runs next on which thread.
 */
@Export
@Version("5.0.0")
package io.github.rota.spi.dispatch;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
