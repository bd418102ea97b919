package io.github.rota.mailbox;

import io.github.rota.api.Settings;
import io.github.rota.spi.mailbox.Mailbox;
import io.github.rota.spi.mailbox.MailboxConfig;
import io.github.rota.spi.mailbox.MailboxType;
import io.github.rota.spi.mailbox.MessagePriority;
import io.github.rota.spi.mailbox.RecyclePolicy;
import io.github.rota.spi.pool.EnvelopePool;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;

/**
 * The mailbox types {@code priority} and {@code stable-priority}: see {@link PriorityMailbox}.
 * Property {@value #PRIORITY} names the installed {@link MessagePriority} to order by; it is
 * required to spawn an actor with such a mailbox. Property {@value #CAPACITY} (optional) bounds it:
 * a message to a full one becomes a dead letter.
 */
abstract class AbstractPriorityMailboxType implements MailboxType {

    /** Property: the name of the {@link MessagePriority} to order by. */
    static final String PRIORITY = "priority";
    /** Property: the most messages it holds; absent means unbounded. */
    static final String CAPACITY = "capacity";

    private final boolean stable;
    private final MessagePriority priority;
    private final int capacity;

    AbstractPriorityMailboxType(boolean stable, MessagePriority priority, int capacity) {
        this.stable = stable;
        this.priority = priority;
        this.capacity = capacity;
    }

    /** @return a type like this one, ordering by {@code priority}, bounded by {@code capacity} (0: unbounded) */
    abstract MailboxType configured(MessagePriority priority, int capacity);

    @Override
    public String id() {
        return stable ? "stable-priority" : "priority";
    }

    /** The unbounded plain priority mailbox never recycles; the others, one dequeue later. */
    @Override
    public RecyclePolicy recyclePolicy() {
        return stable || capacity > 0 ? RecyclePolicy.PREVIOUS : RecyclePolicy.NEVER;
    }

    @Override
    public Set<String> propertyKeys() {
        return Set.of(PRIORITY, CAPACITY);
    }

    @Override
    public MailboxType configure(MailboxConfig config) {
        int bound = config.intProperty(CAPACITY, 0, 1, 1 << 30);
        String name = config.properties().get(PRIORITY);
        if (name == null) {
            return configured(null, bound);
        }
        List<String> installed = new ArrayList<>();
        for (MessagePriority candidate : ServiceLoader.load(MessagePriority.class)) {
            if (candidate.name().equals(name.trim())) {
                return configured(candidate, bound);
            }
            installed.add(candidate.name());
        }
        throw new IllegalArgumentException(Settings.mailboxKey(config.id(), PRIORITY) + " names message priority '"
                + name + "', which is not installed; installed: " + installed);
    }

    @Override
    public Mailbox create(EnvelopePool pool) {
        if (priority == null) {
            throw new IllegalStateException("a '" + id() + "' mailbox needs an ordering: configure an id with "
                    + "rota.mailbox.<id>.type=" + id() + " and rota.mailbox.<id>.priority=<name>");
        }
        return new PriorityMailbox(pool, priority, stable, capacity, recyclePolicy() == RecyclePolicy.PREVIOUS);
    }
}
