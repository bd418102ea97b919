/** The demo workload that runs in the Felix distribution (not exported: nothing to import). */
package io.github.rota.demo;
