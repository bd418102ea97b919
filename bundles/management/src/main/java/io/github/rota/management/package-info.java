/** JMX for Rota (not exported: the MXBean interfaces are in {@code io.github.rota.api.management}). */
package io.github.rota.management;
