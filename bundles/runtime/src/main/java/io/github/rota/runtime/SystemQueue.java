package io.github.rota.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * An actor's system mailbox: many producers, one consumer, FIFO, closable. Producers CAS messages
 * onto an intrusive LIFO stack; the consumer swaps the whole stack out and reverses it into a
 * private FIFO batch (the technique of Pekko's system queue). Each message object is pushed once,
 * so the CAS has no ABA problem.
 *
 * <p>Memory ordering: a producer writes {@code message.next} plainly, then publishes it with the
 * CAS on {@code head}; the consumer's get-and-set of {@code head} acquires it.
 * {@code batch} is consumer-only.
 *
 * <p>Invariants ({@code SystemQueueTest}): FIFO per producer
 * ({@code keepsPerProducerOrderUnderConcurrentPushes}); non-empty as soon as push returns; after
 * {@link #close()} every push fails and every message pushed before is returned exactly once
 * ({@code closeReturnsEveryPendingMessageAndRefusesLaterOnes}); closed is final: the closed
 * marker in {@code head} is never polled, never counts as a message and is never swapped out
 * ({@code closedIsFinalAPollAfterCloseNeitherReturnsTheMarkerNorReopensTheQueue}).
 */
final class SystemQueue {

    private static final SystemMessage CLOSED = SystemMessage.terminate();
    private static final VarHandle HEAD;

    static {
        try {
            HEAD = MethodHandles.lookup().findVarHandle(SystemQueue.class, "head", SystemMessage.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @SuppressWarnings("unused") // accessed through HEAD
    private volatile SystemMessage head;
    private SystemMessage batch;

    /** @return {@code false} if the queue is closed; the message was not queued */
    boolean push(SystemMessage message) {
        while (true) {
            SystemMessage current = lvHead();
            if (current == CLOSED) {
                return false;
            }
            message.next = current;
            if (casHead(current, message)) {
                return true;
            }
        }
    }

    /** Consumer only. @return the oldest message, or {@code null} (always, once closed) */
    SystemMessage poll() {
        if (batch == null) {
            SystemMessage head = lvHead();
            if (head == null || head == CLOSED) {
                return null; // the marker is never handed out, and only close() ever stores it
            }
            batch = reverse(xchgHead(null));
        }
        SystemMessage message = batch;
        batch = message.next;
        message.next = null;
        return message;
    }

    /**
     * Any thread: whether a message was pushed since the consumer last took the pushed ones; reads
     * only the head (volatile), not the consumer's batch.
     */
    boolean hasPushed() {
        Object head = lvHead();
        return head != null && head != CLOSED;
    }

    /** Consumer only. */
    boolean isEmpty() {
        return batch == null && !hasPushed();
    }

    /**
     * Consumer only. Closes the queue.
     *
     * @return the messages not yet polled, oldest first, linked through {@code next}
     */
    SystemMessage close() {
        SystemMessage pushed = xchgHead(CLOSED);
        SystemMessage rest = pushed == CLOSED ? null : reverse(pushed);
        if (batch == null) {
            return rest;
        }
        SystemMessage tail = batch;
        while (tail.next != null) {
            tail = tail.next;
        }
        tail.next = rest;
        SystemMessage all = batch;
        batch = null;
        return all;
    }

    private static SystemMessage reverse(SystemMessage stack) {
        SystemMessage reversed = null;
        while (stack != null) {
            SystemMessage next = stack.next;
            stack.next = reversed;
            reversed = stack;
            stack = next;
        }
        return reversed;
    }

    // Accessors named for their ordering, as in JCTools: lv volatile load, cas, xchg atomic exchange.

    private SystemMessage lvHead() {
        return (SystemMessage) HEAD.getVolatile(this);
    }

    private SystemMessage xchgHead(SystemMessage value) {
        return (SystemMessage) HEAD.getAndSet(this, value);
    }

    private boolean casHead(SystemMessage expect, SystemMessage update) {
        return HEAD.compareAndSet(this, expect, update);
    }
}
