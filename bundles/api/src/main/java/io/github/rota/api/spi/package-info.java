/**
 * How {@link io.github.rota.api.ActorSystem#create(String)} finds the actor runtime: the runtime
 * module provides an {@link io.github.rota.api.spi.ActorSystemProvider} as a service, in the way
 * {@code java.nio.file.spi} lets {@code java.nio.file} find file systems. Applications never use it.
 */
@Export
@Version("1.0.0")
package io.github.rota.api.spi;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
