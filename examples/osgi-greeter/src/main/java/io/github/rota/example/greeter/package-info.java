/** The greeter bundle's service, exported to other bundles. */
@Export
@Version("1.0.0")
package io.github.rota.example.greeter;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
