package io.github.rota.runtime;

import io.github.rota.spi.mailbox.Mailbox;
import io.github.rota.spi.pool.EnvelopePool;

/**
 * The turn loop of an actor whose path is tracked ({@link ActorTracking}): it carries the actor's
 * {@link ActorMeter}. A subclass rather than a field of every loop, so that an untracked actor keeps
 * no reference for it, and until a tracked actor exists, the JIT compiles {@link Mailboxes#meter()}
 * to a constant {@code null}. That needs this class not loaded until then: so it is made through
 * {@link #create}, whose callers the verifier checks without loading it (a {@code new} of it where a
 * {@code TurnLoop} is expected would have it loaded to check the assignment).
 */
final class TrackedTurnLoop extends TurnLoop {

    private final ActorMeter meter;

    private TrackedTurnLoop(TurnSink sink, Cell cell, DispatcherBinding<TurnLoop> dispatcher, Mailbox mailbox,
                            EnvelopePool envelopes, int homeShard, boolean checksEnvelopes, int sampleInterval) {
        super(sink, cell, dispatcher, mailbox, envelopes, homeShard, checksEnvelopes);
        this.meter = new ActorMeter(cell, mailbox, sampleInterval);
    }

    static TurnLoop create(TurnSink sink, Cell cell, DispatcherBinding<TurnLoop> dispatcher, Mailbox mailbox,
                           EnvelopePool envelopes, int homeShard, boolean checksEnvelopes, int sampleInterval) {
        return new TrackedTurnLoop(sink, cell, dispatcher, mailbox, envelopes, homeShard, checksEnvelopes, sampleInterval);
    }

    @Override
    ActorMeter meter() {
        return meter;
    }
}
