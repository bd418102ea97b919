/**
 * Runtime SPI: who hears that an actor system on the module path started or terminated
 * ({@link io.github.rota.spi.runtime.SystemObserver}).
 */
@Export
@Version("2.0.0")
package io.github.rota.spi.runtime;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
