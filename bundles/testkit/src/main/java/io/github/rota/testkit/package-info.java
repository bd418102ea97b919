/**
 * Test probes and the JUnit 5 extension for testing actors.
 */
@Export
@Version("1.0.0")
package io.github.rota.testkit;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
