package io.github.rota.api;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Something scheduled ({@link Scheduler}) that can still be called off.
 *
 * @since 2.6
 */
@ProviderType
public interface Cancellable {

    /**
     * Calls it off: it does not run again (a run already under way finishes).
     *
     * @return {@code true} if this call cancelled it; {@code false} if it was cancelled already, or
     *         had run for the last time
     */
    boolean cancel();

    /** {@return whether it was cancelled} */
    boolean isCancelled();
}
