package io.github.rota.spi.mailbox;

import java.util.Comparator;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * An ordering of messages for the {@code priority} and {@code stable-priority} mailbox types:
 * messages that compare lower are handled first. Applications provide one with
 * {@code provides io.github.rota.spi.mailbox.MessagePriority with ...} and select it by
 * {@linkplain #name() name}: {@code rota.mailbox.<id>.type=priority},
 * {@code rota.mailbox.<id>.priority=<name>}. Called by producers on any thread: keep it pure.
 */
@ConsumerType
public interface MessagePriority extends Comparator<Object> {

    /** {@return the name the settings use} */
    String name();
}
