/** The runner's view of an actor runtime: a contender spawns actors, and workloads drive them. */
package io.github.rota.bench.spi;
