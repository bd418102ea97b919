package io.github.rota.mailbox;

import io.github.rota.spi.pool.Envelope;
import io.github.rota.spi.pool.EnvelopePool;

/**
 * The {@link io.github.rota.spi.mailbox.RecyclePolicy#PREVIOUS} rule: remember the envelope a dequeue hands out and release it at the start of
 * the next dequeue, when its turn is over. Used by one consumer at a time, like its mailbox.
 */
final class RecycleOneLater {

    private final EnvelopePool pool;
    private Envelope previous;

    RecycleOneLater(EnvelopePool pool) {
        this.pool = pool;
    }

    /** Call first in every dequeue: the envelope handed out last time is done with. */
    void releasePrevious() {
        if (previous != null) {
            pool.release(previous);
            previous = null;
        }
    }

    /** @return {@code next}, remembered so that the next dequeue releases it */
    Envelope handOut(Envelope next) {
        previous = next;
        return next;
    }
}
