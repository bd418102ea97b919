package io.github.rota.dispatcher.workstealing;

import io.github.rota.spi.dispatch.Schedulable;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.jctools.queues.MpmcUnboundedXaddArrayQueue;

/**
 * The pool's shared run queue (Tokio's inject queue, GoAkt's ready queue): producers outside the
 * pool push here, workers push their overflow here, and every worker takes from it. Unbounded,
 * lock-free (JCTools' chunked xadd queue), FIFO per producer.
 *
 * <p>Closing: {@link #close} sets the close bit; {@link #awaitOutsidePushes} then waits for outside
 * producers already past their check of it, so that once it returns nobody outside the pool can
 * add to the queue, and {@link #drainInto} collects everything. Each outside push counts itself in flight around its
 * check and its offer; workers push without counting, because a stopping dispatcher collects the
 * queue only after joining them.
 */
final class GlobalQueue {

    /** Chunk of the queue; one chunk is kept for reuse. */
    private static final int CHUNK = 1024;

    private final MpmcUnboundedXaddArrayQueue<Schedulable> queue = new MpmcUnboundedXaddArrayQueue<>(CHUNK, 1);
    private final AtomicInteger outsidePushesInFlight = new AtomicInteger();
    private volatile boolean closed;

    /** A producer outside the pool. @return {@code false} if the queue is closed; nothing was added */
    boolean offerFromOutside(Schedulable s) {
        outsidePushesInFlight.incrementAndGet();
        try {
            if (closed) {
                return false;
            }
            queue.offer(s);
            return true;
        } finally {
            outsidePushesInFlight.decrementAndGet();
        }
    }

    /** A worker of the pool (overflow, hand-overs, rescues). */
    void offer(Schedulable s) {
        queue.offer(s);
    }

    /** @return the oldest actor, or {@code null}; a slot claimed but not yet written reads as empty */
    Schedulable poll() {
        return queue.relaxedPoll();
    }

    /** @return whether the queue looks empty (a claimed-but-unpublished slot counts as work) */
    boolean isEmpty() {
        return queue.isEmpty();
    }

    int size() {
        return queue.size();
    }

    boolean isClosed() {
        return closed;
    }

    /** Sets the close bit; it stays set. Outside producers are refused from now on. */
    void close() {
        closed = true;
    }

    /** After {@link #close}: waits until no outside producer is between its check and its offer. */
    void awaitOutsidePushes() {
        while (outsidePushesInFlight.get() != 0) {
            Thread.onSpinWait();
        }
    }

    /** Once nothing pushes any more: everything still queued. */
    void drainInto(List<Schedulable> out) {
        for (Schedulable s = queue.poll(); s != null; s = queue.poll()) {
            out.add(s);
        }
    }
}
