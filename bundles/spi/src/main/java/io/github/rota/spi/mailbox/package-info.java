/**
 * Mailbox SPI: the queues an actor reads its user messages from, and their envelope-recycle policies.
 */
@Export
@Version("2.0.0")
package io.github.rota.spi.mailbox;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
