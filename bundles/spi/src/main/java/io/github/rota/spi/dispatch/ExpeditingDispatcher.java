package io.github.rota.spi.dispatch;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * A dispatcher that may hold a schedulable back for locality (on the producer's own thread, for when
 * the producer's turn ends), and so wants to hear when that makes it wait too long. Optional: the
 * runtime calls {@link #expedite} only on a dispatcher that implements it, and a dispatcher that
 * queues every schedulable where any thread takes it has nothing to hurry.
 */
@ConsumerType
public interface ExpeditingDispatcher extends Dispatcher {

    /**
     * Messages the thread that scheduled a schedulable (or queued it again, or that it lingers with)
     * sends to it while it waits for its turn before it calls {@link #expedite}.
     */
    int EXPEDITE_AFTER_SENDS = 32;

    /**
     * The producer keeping {@code schedulable} waiting keeps sending to it: it holds a scheduling
     * here but has not started its turn since, and about {@value #EXPEDITE_AFTER_SENDS} messages have
     * piled up for it. Let another thread run it now, so a long turn flooding an actor does not keep
     * it waiting. Called on the thread whose send scheduled it (or that queued it again when its budget
     * ran out), or on the thread it lingers with (see {@link Turn#linger}): where a dispatcher holds a
     * schedulable back; other producers do not count. Usually once per wait; the count is not synchronised, so it may come twice, or not at
     * all, and an implementation must take it as a hint: the scheduling is unchanged, and the
     * schedulable still runs exactly once for it.
     *
     * @param schedulable a schedulable this dispatcher was given by {@link #schedule}
     */
    void expedite(Schedulable schedulable);
}
