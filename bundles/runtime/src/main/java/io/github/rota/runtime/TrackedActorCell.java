package io.github.rota.runtime;

import io.github.rota.api.Props;
import io.github.rota.spi.mailbox.Mailbox;
import io.github.rota.spi.pool.EnvelopePool;

/**
 * An actor whose path is tracked ({@link ActorTracking}): an {@link ActorCell} that carries its
 * {@link ActorMeter}. A subclass rather than a field of every cell, so that an untracked actor
 * keeps no reference for it, and until a tracked actor exists, the JIT compiles
 * {@link ActorCell#meter()} to a constant {@code null}. That needs this class not loaded until then:
 * so it is made through {@link #create}, whose callers the verifier checks without loading it (a
 * {@code new} of it in a method returning {@code ActorCell} would have it loaded to check the return).
 */
final class TrackedActorCell<M> extends ActorCell<M> {

    private final ActorMeter meter;

    private TrackedActorCell(RotaActorSystem system, ActorCell<?> parent, String name, int uid, Props<M> props,
                     DispatcherBinding<TurnLoop> dispatcher, Mailbox mailbox, EnvelopePool envelopes, int homeShard,
                     boolean checksEnvelopes, int sampleInterval) {
        super(system, parent, name, uid, props, dispatcher, mailbox, envelopes, homeShard, checksEnvelopes);
        this.meter = new ActorMeter(self, mailbox, sampleInterval);
    }

    static <M> ActorCell<M> create(RotaActorSystem system, ActorCell<?> parent, String name, int uid, Props<M> props,
                                   DispatcherBinding<TurnLoop> dispatcher, Mailbox mailbox, EnvelopePool envelopes,
                                   int homeShard, boolean checksEnvelopes, int sampleInterval) {
        return new TrackedActorCell<>(system, parent, name, uid, props, dispatcher, mailbox, envelopes, homeShard,
                checksEnvelopes, sampleInterval);
    }

    @Override
    public ActorMeter meter() {
        return meter;
    }
}
