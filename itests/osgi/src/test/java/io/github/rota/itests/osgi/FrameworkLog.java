package io.github.rota.itests.osgi;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.service.log.LogEntry;
import org.osgi.service.log.LogLevel;
import org.osgi.service.log.LogReaderService;

/**
 * The OSGi log service's recent entries. SCR reports its own trouble there rather than through
 * SLF4J — lock timeouts, lost service events, components that failed to activate — so a container
 * that looks healthy from the bundles' logs can still be checked for it.
 */
final class FrameworkLog {

    private FrameworkLog() {
    }

    /** @return the warnings and errors in the log's history, oldest first, one line each */
    static List<String> warningsAndErrors(BundleContext context) {
        ServiceReference<LogReaderService> reference = context.getServiceReference(LogReaderService.class);
        if (reference == null) {
            throw new AssertionError("no LogReaderService: the distribution's log bundle is missing");
        }
        LogReaderService reader = context.getService(reference);
        try {
            List<String> lines = new ArrayList<>();
            for (LogEntry entry : Collections.list(reader.getLog())) {
                if (entry.getLogLevel() == LogLevel.ERROR || entry.getLogLevel() == LogLevel.WARN) {
                    lines.add(entry.getLogLevel() + " " + (entry.getBundle() != null ? entry.getBundle().getSymbolicName() : "framework") + ": " + entry.getMessage()
                            + (entry.getException() != null ? " (" + entry.getException() + ")" : ""));
                }
            }
            Collections.reverse(lines);
            return lines;
        } finally {
            context.ungetService(reference);
        }
    }
}
