/** Rota's watched {@code .cfg} files, read and saved atomically (not exported: the component is found through its services). */
package io.github.rota.config;
