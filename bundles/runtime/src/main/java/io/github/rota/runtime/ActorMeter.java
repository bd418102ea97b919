package io.github.rota.runtime;

import io.github.rota.api.ActorMetrics;
import io.github.rota.api.ActorRef;
import io.github.rota.spi.mailbox.Mailbox;
import io.github.rota.spi.pool.Envelope;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The metrics of one tracked actor, and the sampling that times about one message in
 * {@code sampleInterval} without a clock read on the others.
 *
 * <p>Sampling: {@code sample} is {@code null} (the turn arms it again after {@code sampleInterval}
 * more messages), {@link #ARMED} (the next send takes it), or the envelope of the one message in
 * flight being timed. Each move has one author:
 * <ul>
 *   <li>ARMED → envelope: a producer, by compare-and-set (one wins), before it offers the envelope;
 *       it then writes {@code sentAt} (plain): the mailbox publishing the envelope (release) and the
 *       turn dequeuing it (acquire) order that write before the turn reads it.</li>
 *   <li>envelope → ARMED: the same producer, if the mailbox refused the envelope or failed taking
 *       it (so it never reaches a turn).</li>
 *   <li>envelope → {@code null}: the turn that dequeued that envelope, after reading {@code sentAt}.</li>
 *   <li>{@code null} → ARMED: a turn, by a release store, which the next producer's compare-and-set
 *       reads: so the last read of {@code sentAt} happens before the next write.</li>
 * </ul>
 * An envelope is in one mailbox slot at a time and is recycled only after its dequeue, where the
 * turn has already cleared it, so identity finds the timed message even with pooled envelopes.
 *
 * <p>Counters: written only by the actor's turns, which run one at a time (see {@link TurnLoop}),
 * with opaque stores, so a reader on another thread sees whole values that never go down; a count
 * and its sum may be a sample apart.
 */
final class ActorMeter implements ActorMetrics {

    private static final Logger LOG = LoggerFactory.getLogger(ActorMeter.class);
    /** The {@code sample} state in which the next send is timed. */
    private static final Object ARMED = new Object();
    private static final SampleListener[] NO_LISTENERS = new SampleListener[0];
    private static final VarHandle SAMPLE;
    private static final VarHandle PROCESSED;
    private static final VarHandle ERRORS;
    private static final VarHandle SAMPLED;
    private static final VarHandle MAILBOX_NANOS;
    private static final VarHandle PROCESSING_NANOS;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            SAMPLE = lookup.findVarHandle(ActorMeter.class, "sample", Object.class);
            PROCESSED = lookup.findVarHandle(ActorMeter.class, "processed", long.class);
            ERRORS = lookup.findVarHandle(ActorMeter.class, "errors", long.class);
            SAMPLED = lookup.findVarHandle(ActorMeter.class, "sampled", long.class);
            MAILBOX_NANOS = lookup.findVarHandle(ActorMeter.class, "mailboxNanos", long.class);
            PROCESSING_NANOS = lookup.findVarHandle(ActorMeter.class, "processingNanos", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The metered actor's cell, asked for the actor's reference when one is wanted: the reference is made after the meter. */
    private final Cell cell;
    private final Mailbox mailbox;
    private final int sampleInterval;

    private Object sample = ARMED;
    /** When the message in {@code sample} was sent; written by its producer, read by the turn. */
    private long sentAt;

    // Written by the turns only.
    private long processed;
    private long errors;
    private long sampled;
    private long mailboxNanos;
    private long processingNanos;
    /** Turn-confined: messages handled since the last sample was taken. */
    private int sinceSample;
    /** Turn-confined: the sample being handled, from dequeue to end. */
    private long sampleInMailbox;
    private long sampleStartedAt;

    private volatile SampleListener[] listeners = NO_LISTENERS;

    ActorMeter(Cell cell, Mailbox mailbox, int sampleInterval) {
        this.cell = cell;
        this.mailbox = mailbox;
        this.sampleInterval = sampleInterval;
    }

    // ---------------------------------------------------------------- producers

    /** Before the envelope is offered: takes the sample if it is armed. */
    void sending(Envelope envelope) {
        if (laSample() == ARMED && casSample(ARMED, envelope)) {
            sentAt = System.nanoTime();
        }
    }

    /** The mailbox refused the envelope, or threw: if it was the sample, the next send takes it. */
    void refused(Envelope envelope) {
        casSample(envelope, ARMED);
    }

    // ---------------------------------------------------------------- the turn

    /**
     * Turn-confined, right after the dequeue: if this envelope is the sample, its time in the
     * mailbox is taken now and its handling is timed until {@link #sampleHandled}.
     *
     * @return whether {@code envelope} is the sample
     */
    boolean startSample(Envelope envelope) {
        if (loSample() != envelope) {
            return false;
        }
        long now = System.nanoTime();
        sampleInMailbox = Math.max(0, now - sentAt);
        sampleStartedAt = now;
        sopSample(null);
        sinceSample = 0;
        return true;
    }

    /** Turn-confined: the sample was handled. */
    void sampleHandled() {
        long processing = Math.max(0, System.nanoTime() - sampleStartedAt);
        sopCounter(SAMPLED, sampled + 1);
        sopCounter(MAILBOX_NANOS, mailboxNanos + sampleInMailbox);
        sopCounter(PROCESSING_NANOS, processingNanos + processing);
        SampleListener[] current = listeners;
        for (SampleListener listener : current) {
            try {
                listener.sampled(sampleInMailbox, processing);
            } catch (RuntimeException | Error failure) {
                LOG.error("a sample listener of {} failed; it is removed", actor().path(), failure);
                removeSampleListener(listener);
            }
        }
    }

    /**
     * Turn-confined: the turn handled a user message; arms the next sample when due. Per message,
     * not per turn: a turn's end may come after it let the actor go, when the next turn runs elsewhere.
     */
    void messageHandled() {
        sopCounter(PROCESSED, processed + 1);
        if (++sinceSample >= sampleInterval && loSample() == null) {
            soSample(ARMED);
        }
    }

    /** Turn-confined: the actor failed. */
    void errorCounted() {
        sopCounter(ERRORS, errors + 1);
    }

    // ---------------------------------------------------------------- readers (any thread)

    @Override
    public ActorRef<?> actor() {
        return cell.self();
    }

    @Override
    public long processedMessages() {
        return loCounter(PROCESSED);
    }

    @Override
    public long errors() {
        return loCounter(ERRORS);
    }

    @Override
    public int mailboxSize() {
        return mailbox.size();
    }

    @Override
    public long sampledMessages() {
        return loCounter(SAMPLED);
    }

    @Override
    public long timeInMailboxNanos() {
        return loCounter(MAILBOX_NANOS);
    }

    @Override
    public long processingNanos() {
        return loCounter(PROCESSING_NANOS);
    }

    @Override
    public synchronized void addSampleListener(SampleListener listener) {
        java.util.Objects.requireNonNull(listener, "listener");
        SampleListener[] current = listeners;
        SampleListener[] grown = Arrays.copyOf(current, current.length + 1);
        grown[current.length] = listener;
        listeners = grown;
    }

    @Override
    public synchronized void removeSampleListener(SampleListener listener) {
        SampleListener[] current = listeners;
        for (int i = 0; i < current.length; i++) {
            if (current[i] == listener) {
                SampleListener[] shrunk = new SampleListener[current.length - 1];
                System.arraycopy(current, 0, shrunk, 0, i);
                System.arraycopy(current, i + 1, shrunk, i, current.length - i - 1);
                listeners = shrunk;
                return;
            }
        }
    }

    @Override
    public String toString() {
        return "ActorMetrics[" + actor().path() + ", processed=" + processedMessages() + ", errors=" + errors() + "]";
    }

    // Accessors named for their ordering (see io.github.rota.spi.pool).

    private Object laSample() {
        return SAMPLE.getAcquire(this);
    }

    private Object loSample() {
        return SAMPLE.getOpaque(this);
    }

    private boolean casSample(Object expect, Object update) {
        return SAMPLE.compareAndSet(this, expect, update);
    }

    private void soSample(Object value) {
        SAMPLE.setRelease(this, value);
    }

    private void sopSample(Object value) {
        SAMPLE.setOpaque(this, value);
    }

    /** A counter's value, on any thread: whole, and never lower than one read before. */
    private long loCounter(VarHandle counter) {
        return (long) counter.getOpaque(this);
    }

    /** Turn-confined: the counter's one writer stores its new value. */
    private void sopCounter(VarHandle counter, long value) {
        counter.setOpaque(this, value);
    }
}
