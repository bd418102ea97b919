package io.github.rota.runtime;

import io.github.rota.spi.dispatch.Turn;

/** An actor's schedule state alone, for the tests of its transitions: it never runs a turn. */
@SuppressWarnings("serial") // a ForkJoinTask by inheritance, never serialized
final class StateWord extends ScheduleState {

    @Override
    public boolean runTurn(Turn turn) {
        throw new UnsupportedOperationException("only the schedule state is under test");
    }
}
