/**
 * The actor API: actors, references, props, supervision, the actor system and its events.
 */
@Export
@Version("2.8.0")
package io.github.rota.api;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
