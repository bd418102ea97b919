/** Rota's health checks as Felix Health Check services (not exported: Felix finds them as services). */
package io.github.rota.healthcheck;
