package io.github.rota.spi.support;

import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.dispatch.Turn;
import io.github.rota.spi.dispatch.TurnObserver;
import java.util.Arrays;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The observers of one dispatcher's turns, kept by the dispatcher kind: added rarely (when a
 * decorator wraps the dispatcher), read on every turn. A copy-on-write array, so a turn that
 * nobody observes pays one volatile read.
 *
 * <p>An observer that throws does not stop the turn, nor lose the schedulable's result: its fault
 * goes to the kind's fault handler (a {@link io.github.rota.api.DispatcherError}) after the turn.
 */
public final class TurnObservers {

    private static final TurnObserver[] NONE = {};

    private final Consumer<Throwable> faults;
    private volatile TurnObserver[] observers = NONE;

    /**
     * Creates an empty set of observers.
     *
     * @param faults where an observer's exception goes; called on the turn's thread
     */
    public TurnObservers(Consumer<Throwable> faults) {
        this.faults = Objects.requireNonNull(faults, "faults");
    }

    /**
     * Adds an observer of every turn from now on.
     *
     * @param observer the observer
     */
    public synchronized void add(TurnObserver observer) {
        Objects.requireNonNull(observer, "observer");
        TurnObserver[] more = Arrays.copyOf(observers, observers.length + 1);
        more[more.length - 1] = observer;
        observers = more;
    }

    /**
     * Runs one turn of {@code schedulable} on the calling thread, with the observers around it.
     *
     * @param schedulable what to run
     * @param turn the dispatcher's side of the turn; it also tells what the turn reported
     * @return what {@link Schedulable#runTurn} returned
     */
    public boolean runTurn(Schedulable schedulable, CountingTurn turn) {
        TurnObserver[] now = observers;
        if (now.length == 0) {
            return schedulable.runTurn(turn);
        }
        for (TurnObserver observer : now) {
            try {
                observer.turnStarting(schedulable);
            } catch (Throwable fault) { // whatever it is, the turn must run and its result come back
                report(fault);
            }
        }
        boolean more = schedulable.runTurn(turn);
        int handled = turn.lastMessagesHandled();
        for (TurnObserver observer : now) {
            try {
                observer.turnEnded(schedulable, handled);
            } catch (Throwable fault) {
                report(fault);
            }
        }
        return more;
    }

    private void report(Throwable fault) {
        try {
            faults.accept(fault);
        } catch (Throwable ignored) {
            // The report failed too; the schedulable's result still matters more.
        }
    }

    /** A dispatcher's {@link Turn} that remembers what the last turn run with it reported. */
    public interface CountingTurn extends Turn {
        /** {@return the count the last turn reported through {@link #messagesHandled}} */
        int lastMessagesHandled();
    }
}
