package io.github.rota.management;

import com.codahale.metrics.Histogram;
import com.codahale.metrics.SlidingWindowReservoir;
import io.github.rota.api.ActorMetrics;
import io.github.rota.api.management.ActorMXBean;
import javax.management.ObjectName;

/**
 * The {@link ActorMXBean} of one tracked actor: its counts read from its {@link ActorMetrics}, its
 * timings' percentiles from two Dropwizard histograms that its sample listener feeds (on the
 * actor's turns; Dropwizard's histograms are thread-safe). Each keeps the last {@value #RECENT}
 * samples (about 2 KB): a thousand tracked actors should not cost the heap what Dropwizard's
 * default reservoir would (a skip list of about a thousand entries each).
 */
final class ActorMBean implements ActorMXBean {

    static final int RECENT = 256;

    private final ObjectName name;
    private final ActorMetrics metrics;
    private final Histogram timeInMailbox = new Histogram(new SlidingWindowReservoir(RECENT));
    private final Histogram processing = new Histogram(new SlidingWindowReservoir(RECENT));
    private final ActorMetrics.SampleListener listener = (inMailbox, took) -> {
        timeInMailbox.update(inMailbox);
        processing.update(took);
    };

    ActorMBean(ObjectName name, ActorMetrics metrics) {
        this.name = name;
        this.metrics = metrics;
        metrics.addSampleListener(listener);
    }

    ObjectName name() {
        return name;
    }

    /** Stops listening: the actor stopped, or management is going. */
    void close() {
        metrics.removeSampleListener(listener);
    }

    @Override
    public String getPath() {
        return metrics.actor().path();
    }

    @Override
    public long getProcessedMessages() {
        return metrics.processedMessages();
    }

    @Override
    public long getErrors() {
        return metrics.errors();
    }

    @Override
    public int getMailboxSize() {
        return metrics.mailboxSize();
    }

    @Override
    public long getTimeInMailboxCount() {
        return metrics.sampledMessages();
    }

    @Override
    public long getTimeInMailboxNanos() {
        return metrics.timeInMailboxNanos();
    }

    @Override
    public double getTimeInMailboxP50Nanos() {
        return timeInMailbox.getSnapshot().getMedian();
    }

    @Override
    public double getTimeInMailboxP99Nanos() {
        return timeInMailbox.getSnapshot().get99thPercentile();
    }

    @Override
    public long getTimeInMailboxMaxNanos() {
        return timeInMailbox.getSnapshot().getMax();
    }

    @Override
    public long getProcessingTimeCount() {
        return metrics.sampledMessages();
    }

    @Override
    public long getProcessingTimeNanos() {
        return metrics.processingNanos();
    }

    @Override
    public double getProcessingTimeP50Nanos() {
        return processing.getSnapshot().getMedian();
    }

    @Override
    public double getProcessingTimeP99Nanos() {
        return processing.getSnapshot().get99thPercentile();
    }

    @Override
    public long getProcessingTimeMaxNanos() {
        return processing.getSnapshot().getMax();
    }
}
