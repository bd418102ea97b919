/**
 * The SPI's contract tests: what every dispatcher ({@link io.github.rota.testkit.contract.DispatcherContract})
 * and every mailbox ({@link io.github.rota.testkit.contract.MailboxContract}) promises the runtime, as
 * abstract JUnit 5 test classes that an implementation's test class extends.
 */
@Export
@Version("1.0.0")
package io.github.rota.testkit.contract;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
