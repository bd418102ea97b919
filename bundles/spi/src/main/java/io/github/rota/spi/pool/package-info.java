/**
 * Envelope SPI: the message envelope and the pool that recycles envelopes.
 *
 * <p>Naming of memory-ordering accessors, here and in every Rota module that reads or writes a field
 * through a {@code VarHandle} (as in JCTools): {@code lv} volatile load, {@code la} acquire load,
 * {@code lo} opaque load (never torn or elided, no fence), {@code sv} volatile store, {@code so}
 * release store ("store ordered"), {@code sop} opaque store, {@code sp} plain store, {@code cas}
 * compare-and-set, {@code cax} compare-and-exchange, {@code xchg} atomic exchange. Each raw
 * {@code VarHandle} call sits in such an accessor, so the ordering of every access is in its name.
 */
@Export
@Version("2.5.0")
package io.github.rota.spi.pool;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
