package io.github.rota.mailbox;

import io.github.rota.spi.mailbox.Mailbox;
import io.github.rota.spi.pool.Envelope;
import io.github.rota.spi.pool.EnvelopePool;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;

/**
 * Unbounded mailbox that takes turns between senders: round-robin across the senders with queued
 * messages, FIFO within each sender, so one chatty sender cannot bury a quiet one. A sender's
 * sub-queue exists only while it has messages queued. Messages without a sender share one
 * sub-queue.
 *
 * <p>Why a lock: the round-robin order spans several queues that must change together; the lock
 * (the mailbox's monitor) is held for a few O(1) steps and never while waiting. Fairness, not raw
 * speed, is this type's point. {@code size} is volatile, written under the lock, so
 * {@link #hasMessages()} is true as soon as {@code enqueue} returns and depth is O(1).
 *
 * <p>Recycling ({@link io.github.rota.spi.mailbox.RecyclePolicy#PREVIOUS}): an envelope is returned
 * to the pool by the dequeue after the one that handed it out.
 */
final class FairMailbox implements Mailbox {

    /** The key of messages sent without a sender. */
    private static final Object NO_SENDER = new Object();

    private final RecycleOneLater recycling;
    private final Map<Object, ArrayDeque<Envelope>> bySender = new HashMap<>();
    private final ArrayDeque<Object> turns = new ArrayDeque<>();
    private volatile int size;

    FairMailbox(EnvelopePool pool) {
        this.recycling = new RecycleOneLater(pool);
    }

    @Override
    public synchronized boolean enqueue(Envelope envelope) {
        Object sender = envelope.sender() == null ? NO_SENDER : envelope.sender();
        ArrayDeque<Envelope> queue = bySender.get(sender);
        if (queue == null) {
            queue = new ArrayDeque<>();
            bySender.put(sender, queue);
            turns.addLast(sender);
        }
        queue.addLast(envelope);
        size = size + 1;
        return true;
    }

    @Override
    public Envelope dequeue() {
        recycling.releasePrevious();
        synchronized (this) {
            Object sender = turns.pollFirst();
            if (sender == null) {
                return null;
            }
            ArrayDeque<Envelope> queue = bySender.get(sender);
            Envelope next = queue.pollFirst();
            if (queue.isEmpty()) {
                bySender.remove(sender); // the sender went quiet: its sub-queue goes too
            } else {
                turns.addLast(sender);
            }
            size = size - 1;
            return recycling.handOut(next);
        }
    }

    @Override
    public boolean hasMessages() {
        return size > 0;
    }

    @Override
    public int size() {
        return size;
    }

    /** @return senders with a sub-queue now */
    synchronized int activeSenders() {
        return bySender.size();
    }
}
