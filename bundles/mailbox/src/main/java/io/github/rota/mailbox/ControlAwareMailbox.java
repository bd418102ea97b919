package io.github.rota.mailbox;

import io.github.rota.api.ControlMessage;
import io.github.rota.spi.mailbox.Mailbox;
import io.github.rota.spi.pool.Envelope;
import io.github.rota.spi.pool.EnvelopePool;

/**
 * Unbounded mailbox that delivers {@link ControlMessage}s ahead of ordinary messages: two
 * {@link UnboundedMailbox} queues, the control one always drained first. FIFO within each; a
 * control message overtakes every ordinary message already queued, and an ordinary message never
 * overtakes a control message its sender sent before it
 * ({@code ControlAwareSameProducerOrderTest}, jcstress).
 *
 * <p>Recycling ({@link io.github.rota.spi.mailbox.RecyclePolicy#SENTINEL}): each inner queue
 * releases its previous sentinel on its own next dequeue, which is always after the envelope's
 * turn: an envelope handed out stays valid until the next dequeue of this mailbox.
 */
final class ControlAwareMailbox implements Mailbox {

    private final UnboundedMailbox control;
    private final UnboundedMailbox ordinary;

    ControlAwareMailbox(EnvelopePool pool) {
        this.control = new UnboundedMailbox(pool);
        this.ordinary = new UnboundedMailbox(pool);
    }

    @Override
    public boolean enqueue(Envelope envelope) {
        return (envelope.message() instanceof ControlMessage ? control : ordinary).enqueue(envelope);
    }

    @Override
    public Envelope dequeue() {
        if (!ordinary.canDequeue()) {
            return control.dequeue();
        }
        // An ordinary message can be handed out, and seeing its link (acquire) makes visible every
        // control message its producer sent before it: look at the control queue only now. Looking
        // first, as a plain "control, else ordinary" does, races: control empty, then the producer
        // sends a control and an ordinary message, then the ordinary one is handed out first.
        Envelope next = control.dequeue();
        return next != null ? next : ordinary.dequeue();
    }

    @Override
    public boolean hasMessages() {
        return control.hasMessages() || ordinary.hasMessages();
    }

    @Override
    public int size() {
        return (int) Math.min((long) control.size() + ordinary.size(), Integer.MAX_VALUE);
    }
}
