/** Gogo commands for Rota in Felix (not exported: the component is found through its service). */
package io.github.rota.shell;
