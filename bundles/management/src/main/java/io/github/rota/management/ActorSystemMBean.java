package io.github.rota.management;

import io.github.rota.api.ActorSystem;
import io.github.rota.api.management.ActorSystemMXBean;

/** The {@link ActorSystemMXBean} of one actor system; health comes from {@link Health}, sampled each second. */
final class ActorSystemMBean implements ActorSystemMXBean {

    private static final int LARGEST = 10;

    private final ActorSystem system;
    private final Health health;

    /**
     * @param system the system
     * @param queueDelayNanos a dispatcher's queue delay as of now by id, NaN if unknown (for health)
     */
    ActorSystemMBean(ActorSystem system, java.util.function.ToDoubleFunction<String> queueDelayNanos) {
        this.system = system;
        this.health = new Health(system.name(), queueDelayNanos);
    }

    /** {@return the system's health checks} */
    Health health() {
        return health;
    }

    /** Called every second by the registrar's thread. */
    void sampleHealth() {
        health.sample(system);
    }

    @Override
    public String getName() {
        return system.name();
    }

    @Override
    public long getLiveActors() {
        return system.status().liveActors();
    }

    @Override
    public long getProcessedMessages() {
        return system.processedMessageCount();
    }

    @Override
    public int getTrackedActors() {
        return system.trackedActors().size();
    }

    @Override
    public long getDeadLetters() {
        return system.deadLetterCount();
    }

    @Override
    public long getUptimeMillis() {
        return system.status().uptime().toMillis();
    }

    @Override
    public String getDefaultDispatcher() {
        return system.status().defaultDispatcher();
    }

    @Override
    public String getDefaultMailbox() {
        return system.status().defaultMailbox();
    }

    @Override
    public String[] getLargestMailboxes() {
        return system.largestMailboxes(LARGEST).stream().map(m -> m.depth() + " " + m.actor().path()).toArray(String[]::new);
    }

    @Override
    public String getHealth() {
        return health.verdict().status();
    }

    @Override
    public int getHealthLevel() {
        return health.worst().ordinal();
    }

    @Override
    public String getHealthReason() {
        return health.verdict().reason();
    }
}
