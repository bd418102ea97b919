/**
 * Runtime SPI: how {@link io.github.rota.api.ActorSystem#create(String)} finds the actor runtime.
 */
@Export
@Version("1.0.0")
package io.github.rota.spi.runtime;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
