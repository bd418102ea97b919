/** The "Rota" page of the Felix WebConsole (not exported: the WebConsole finds it as a service). */
package io.github.rota.webconsole;
