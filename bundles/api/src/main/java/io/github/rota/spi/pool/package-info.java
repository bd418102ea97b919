/**
 * Envelope SPI: the message envelope and the pool that recycles envelopes.
 */
@Export
@Version("2.5.0")
package io.github.rota.spi.pool;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
